import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DateText } from './date-text';
import { Money } from './money';

const normalise = (s: string | null) => (s ?? '').replace(/\u00a0/g, ' ');

describe('Money and DateText', () => {
  it('shows cents as nl-NL euros, green when positive and red when negative', () => {
    render(
      <>
        <Money cents={250} />
        <Money cents={-1234567} />
        <Money cents={0} />
      </>,
    );
    const [pos, neg, zero] = screen.getAllByText(/€/);
    expect(normalise(pos!.textContent)).toBe('€ 2,50');
    expect(pos).toHaveClass('k-money--positive');
    expect(normalise(neg!.textContent)).toBe('€ -12.345,67');
    expect(neg).toHaveClass('k-money--negative');
    expect(zero).not.toHaveClass('k-money--positive');
    expect(zero).not.toHaveClass('k-money--negative');
  });

  it('shows dates in Dutch with the long month', () => {
    render(<DateText value={new Date(2026, 10, 22, 21, 5)} />);
    expect(screen.getByText('22 november 2026')).toBeInTheDocument();
  });
});
