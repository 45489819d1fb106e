import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Snackbar } from './snackbar';

afterEach(() => vi.useRealTimers());

describe('Snackbar', () => {
  it('stays for its duration, fades for 300 ms, then closes', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(<Snackbar open text="Transaction undone." duration={1200} onClose={onClose} />);
    const bar = screen.getByRole('status');
    act(() => vi.advanceTimersByTime(1199));
    expect(bar).not.toHaveClass('k-snackbar--fading');
    act(() => vi.advanceTimersByTime(1));
    expect(bar).toHaveClass('k-snackbar--fading');
    act(() => vi.advanceTimersByTime(299));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('runs the action and closes at once', () => {
    const onAction = vi.fn();
    const onClose = vi.fn();
    render(<Snackbar open text="Successful transaction" actionLabel="Undo" onAction={onAction} duration={7000} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
