import { fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCardReader } from './use-card-reader';

function Reader({ onSecret, accepting }: { onSecret: (s: string) => void; accepting: () => boolean }) {
  useCardReader(onSecret, accepting, true);
  return <input aria-label="Search products" />;
}
const type = (text: string, target: Element = document.body) => {
  for (const key of text) fireEvent.keyDown(target, { key });
};

describe('card reader input', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gathers keystrokes that start with "$" into a card secret, 50 ms after the last one', () => {
    const onSecret = vi.fn();
    render(<Reader onSecret={onSecret} accepting={() => true} />);
    type('$abc');
    vi.advanceTimersByTime(40);
    type('123');
    vi.advanceTimersByTime(49);
    expect(onSecret).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onSecret).toHaveBeenCalledWith('abc123');
  });

  it('ignores typing that does not start with "$", and a swipe while not accepting (empty cart, modal open)', () => {
    const onSecret = vi.fn();
    const { rerender } = render(<Reader onSecret={onSecret} accepting={() => true} />);
    type('pils');
    vi.advanceTimersByTime(100);
    rerender(<Reader onSecret={onSecret} accepting={() => false} />);
    type('$abc123');
    vi.advanceTimersByTime(100);
    expect(onSecret).not.toHaveBeenCalled();
  });

  it('swallows a swipe while not accepting: no key reaches the focused field, and onRefused is told once', () => {
    const onSecret = vi.fn();
    const onRefused = vi.fn();
    function Refusing() {
      useCardReader(onSecret, () => false, true, onRefused);
      return <input aria-label="Search products" />;
    }
    const { getByRole } = render(<Refusing />);
    const field = getByRole('textbox');
    field.focus();
    const events = [...'$secret9'].map((key) => fireEvent.keyDown(field, { key }));
    expect(events.every((notCancelled) => notCancelled === false)).toBe(true);
    vi.advanceTimersByTime(60);
    expect(onSecret).not.toHaveBeenCalled();
    expect(onRefused).toHaveBeenCalledTimes(1);
  });

  it('keeps the swipe out of a focused field', () => {
    const onSecret = vi.fn();
    const { getByRole } = render(<Reader onSecret={onSecret} accepting={() => true} />);
    const field = getByRole('textbox');
    field.focus();
    const events = [...'$x1'].map((key) => fireEvent.keyDown(field, { key }));
    expect(events.every((notCancelled) => notCancelled === false)).toBe(true);
    vi.advanceTimersByTime(60);
    expect(onSecret).toHaveBeenCalledWith('x1');
  });
});
