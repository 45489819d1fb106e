import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderTill } from '../testing/render-till';
import { ChangeView } from './change-view';
import { PriceModal } from './price-modal';

const text = (el: HTMLElement) => el.textContent?.replace(/\s/g, ' ');

describe('change to give in the cash modal', () => {
  it('shows the change for a note, in large type, and the same change when the note is tapped twice', () => {
    renderTill(<ChangeView total={1350} />);
    expect(screen.queryByRole('status')).toBeNull();
    const twenty = screen.getByRole('button', { name: '€ 20' });
    fireEvent.click(twenty);
    fireEvent.click(twenty);
    expect(text(screen.getByRole('status'))).toBe('Change€ 6,50');
    expect(twenty).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Handed over')).toHaveValue('20,00');
  });

  it('takes a typed amount, says what is still to pay when it is short, and refuses what is not an amount', () => {
    renderTill(<ChangeView total={1350} />);
    const field = screen.getByLabelText('Handed over');
    fireEvent.change(field, { target: { value: '15,5' } });
    expect(text(screen.getByRole('status'))).toBe('Change€ 2,00');
    fireEvent.change(field, { target: { value: '10' } });
    expect(text(screen.getByRole('status'))).toBe('Still to pay€ 3,50');
    fireEvent.change(field, { target: { value: 'tien' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid number.');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('never changes what is confirmed: Gereed confirms the order as it was, whatever was handed over', () => {
    const onConfirm = vi.fn();
    renderTill(<PriceModal title="Contant" totalPrice={1350} after={<ChangeView total={1350} />} onConfirm={onConfirm} onCancel={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: '€ 50' }));
    fireEvent.click(screen.getByRole('button', { name: /^Gereed/ }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog', { name: 'Contant' })).toHaveTextContent('€ 13,50');
  });
});
