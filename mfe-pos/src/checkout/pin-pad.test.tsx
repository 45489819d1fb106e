import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderTill } from '../testing/render-till';
import { isAprilFools, PinPad } from './pin-pad';

const press = (...keys: string[]) => keys.forEach((k) => fireEvent.click(screen.getByRole('button', { name: k })));
const field = () => screen.getByPlaceholderText('PIN-code') as HTMLInputElement;

function pad(props: Partial<Parameters<typeof PinPad>[0]> = {}) {
  const onSubmit = vi.fn();
  const onCancel = vi.fn();
  const view = renderTill(<PinPad title="Enter PIN-code" pinErrors={0} onSubmit={onSubmit} onCancel={onCancel} {...props} />);
  return { onSubmit, onCancel, ...view };
}

describe('PIN pad', () => {
  it('is a dialog named by its title with a password field, the ten digits, backspace, Annuleer and Gereed', () => {
    pad();
    expect(screen.getByRole('dialog', { name: 'Enter PIN-code' })).toBeInTheDocument();
    expect(field()).toHaveAttribute('type', 'password');
    for (const d of '0123456789') expect(screen.getByRole('button', { name: d })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Backspace' })).toBeInTheDocument();
    const actions = screen.getAllByRole('button').map((b) => b.textContent);
    expect(actions.slice(-2)).toEqual(['Annuleer', 'Gereed']);
  });

  it('submits by itself at the fourth digit and then clears the field', () => {
    const { onSubmit } = pad();
    press('1', '2', '3');
    expect(field().value).toBe('123');
    expect(onSubmit).not.toHaveBeenCalled();
    press('4');
    expect(onSubmit).toHaveBeenCalledWith('1234');
    expect(field().value).toBe('');
  });

  it('takes typed digits too and submits at four', () => {
    const { onSubmit } = pad();
    fireEvent.change(field(), { target: { value: '98' } });
    fireEvent.change(field(), { target: { value: '9876' } });
    expect(onSubmit).toHaveBeenCalledWith('9876');
  });

  it('backspace removes the last digit', () => {
    const { onSubmit } = pad();
    press('5', '6', '7', 'Backspace');
    expect(field().value).toBe('56');
    press('8', '9');
    expect(onSubmit).toHaveBeenCalledWith('5689');
  });

  it('Gereed with too few digits says why and sends nothing', () => {
    const { onSubmit } = pad();
    press('Gereed');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a pin code.');
    press('1', '2', 'Gereed');
    expect(screen.getByRole('alert')).toHaveTextContent('Pin code does not contain precisely four digits.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says "Invalid passcode" and shakes the field after a wrong PIN, until the next try starts', () => {
    const { rerender } = pad();
    rerender(<PinPad title="Enter PIN-code" pinErrors={1} onSubmit={() => undefined} onCancel={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid passcode');
    expect(field()).toHaveClass('till-pin__field--wrong');
    press('1');
    expect(screen.getByRole('alert')).toHaveTextContent('');
    expect(field()).not.toHaveClass('till-pin__field--wrong');
  });

  it('Annuleer cancels', () => {
    const { onCancel } = pad();
    press('Annuleer');
    expect(onCancel).toHaveBeenCalled();
  });

  it('on April Fools shuffles the digits and wishes a happy April fools day', () => {
    const order = () => screen.getAllByRole('button').map((b) => b.textContent).filter((t) => /^\d$/.test(t ?? ''));
    let shuffledOnce = false;
    // A shuffle may by chance keep the order; a few pads make that vanishingly unlikely.
    for (let i = 0; i < 5 && !shuffledOnce; i += 1) {
      const view = pad({ aprilFools: true });
      expect(screen.getByText("Happy April fools' day!")).toBeInTheDocument();
      expect([...order()].sort()).toEqual([...'0123456789']);
      shuffledOnce = order().join('') !== '1234567890';
      view.unmount();
    }
    expect(shuffledOnce).toBe(true);
  });

  it('April Fools is 1 April only, and only when the server enables it', () => {
    expect(isAprilFools(true, new Date(2026, 3, 1, 20))).toBe(true);
    expect(isAprilFools(false, new Date(2026, 3, 1, 20))).toBe(false);
    expect(isAprilFools(true, new Date(2026, 3, 2, 0, 1))).toBe(false);
  });
});
