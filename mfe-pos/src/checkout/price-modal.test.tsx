import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderTill } from '../testing/render-till';
import { PriceModal } from './price-modal';

describe('price modal', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the amount and counts "Gereed (n)" down from 60, confirming by itself at 0', () => {
    const onConfirm = vi.fn();
    renderTill(<PriceModal title="Contant" text="Put the appropriate cash amount in the cash box" totalPrice={450} onConfirm={onConfirm} onCancel={() => undefined} />);
    expect(screen.getByRole('dialog', { name: 'Contant' })).toHaveTextContent('Put the appropriate cash amount in the cash box');
    expect(screen.getByText('Amount')).toBeInTheDocument();
    expect(screen.getByText('€ 4,50', { normalizer: (s) => s.replace(/\s/g, ' ') })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gereed (60)' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Gereed (59)' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(58_000));
    expect(onConfirm).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('Annuleer (left) cancels and Gereed (right) confirms at once', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderTill(<PriceModal title="PIN" totalPrice={450} onConfirm={onConfirm} onCancel={onCancel} />);
    const [left, right] = screen.getAllByRole('button');
    expect(left).toHaveTextContent('Annuleer');
    expect(right).toHaveTextContent('Gereed (60)');
    fireEvent.click(left as HTMLElement);
    fireEvent.click(right as HTMLElement);
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
