import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderTill } from '../testing/render-till';
import { CardStatusModal } from './card-status-view';
import type { CardPhase } from './checkout-slice';

const terminal = { friendly_name: 'Bar terminal', brand: 'sepay' };

function show(phase: CardPhase, error: string | null = null) {
  const onRetry = vi.fn();
  renderTill(
    <CardStatusModal card={{ transactionId: 't1', terminal, phase, error }} totalPrice={450} onCancel={() => undefined} onRetry={onRetry} />,
  );
  return onRetry;
}
const amountShown = () => screen.queryByText('€ 4,50', { normalizer: (s) => s.replace(/\s/g, ' ') }) !== null;

describe('card status view', () => {
  it.each([
    ['loading', 'Waiting for payment...'],
    ['pending', 'Waiting for payment...'],
    ['completed', 'Payment successful!'],
  ] as const)('%s: "%s" with the amount and no Try again', (phase, text) => {
    show(phase);
    expect(screen.getByRole('status')).toHaveTextContent(text);
    expect(amountShown()).toBe(true);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByText('Bar terminal')).toBeInTheDocument();
  });

  it.each([
    ['deleted', 'Payment cancelled'],
    ['cancelled', 'Payment cancelled'],
    ['expired', 'Payment expired'],
  ] as const)('%s: "%s", the amount hidden and Try again offered', (phase, text) => {
    const onRetry = show(phase);
    expect(screen.getByRole('status')).toHaveTextContent(text);
    expect(amountShown()).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('a failed status query says "POS failed" with the error', () => {
    show('error', 'Network connection error');
    expect(screen.getByRole('status')).toHaveTextContent('POS failed Network connection error');
    expect(amountShown()).toBe(false);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
