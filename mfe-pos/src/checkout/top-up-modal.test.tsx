import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderTill } from '../testing/render-till';
import { stepTotal } from './top-up';
import { TopUpModal } from './top-up-modal';

const press = (label: string) => fireEvent.click(screen.getByRole('button', { name: label }));
const newTotal = () => screen.getByTestId('top-up-new-total').textContent?.replace(/\s/g, ' ');
const amount = () => screen.getByTestId('top-up-amount').textContent?.replace(/\s/g, ' ');

describe('top-up', () => {
  it('moves the new total to the next multiple of the step, up or down', () => {
    expect(stepTotal(370, 370, 100)).toBe(400);
    expect(stepTotal(400, 370, 100)).toBe(500);
    expect(stepTotal(370, 370, 500)).toBe(500);
    expect(stepTotal(500, 370, 1000)).toBe(1000);
    expect(stepTotal(1000, 0, -500)).toBe(500);
    expect(stepTotal(1250, 0, -100)).toBe(1200);
  });

  it('never goes below the original total', () => {
    expect(stepTotal(400, 370, -100)).toBe(370);
    expect(stepTotal(500, 370, -1000)).toBe(370);
  });

  it('shows original, new total and top-up, and goes on with the amount', () => {
    const onNext = vi.fn();
    renderTill(<TopUpModal original={700} onNext={onNext} onCancel={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Top-up' });
    for (const text of ['Origineel totaalbedrag:', 'Nieuw totaalbedrag:', 'Opwaarderen met:']) expect(within(dialog).getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Volgende' })).toBeDisabled();
    press('+1');
    expect(newTotal()).toBe('€ 8,00');
    press('+5');
    expect(newTotal()).toBe('€ 10,00');
    press('+10');
    press('-1');
    expect(newTotal()).toBe('€ 19,00');
    expect(amount()).toBe('€ 12,00');
    press('-10');
    press('-10');
    expect(newTotal()).toBe('€ 7,00');
    expect(screen.getByRole('button', { name: '-1' })).toBeDisabled();
    press('+5');
    press('Volgende');
    expect(onNext).toHaveBeenCalledWith(300);
  });

  it('tops up by the cents that round the new total to the next euro', () => {
    const onNext = vi.fn();
    renderTill(<TopUpModal original={370} onNext={onNext} onCancel={() => undefined} />);
    press('+1');
    expect(amount()).toBe('€ 0,30');
    press('Volgende');
    expect(onNext).toHaveBeenCalledWith(30);
  });
});
