import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, ok, renderRemote, stubApi } from '../testing/render-remote';
import { PinForm } from './pin-form';

afterEach(() => vi.unstubAllGlobals());

// Typing in jsdom is slow on a busy machine: a bound for the whole form flow, not a speed requirement.
describe('the PIN form on /account', { timeout: 20_000 }, () => {
  it('refuses a three-digit PIN with the SPEC 5 message and sends nothing', async () => {
    const calls = stubApi({});
    const user = userEvent.setup();
    renderRemote(<PinForm hasPin required={false} />);
    await user.type(screen.getByLabelText('New PIN code'), '123');
    await user.type(screen.getByLabelText('Repeat PIN code'), '123');
    await user.click(screen.getByRole('button', { name: 'Save PIN code' }));
    expect(screen.getByText('Pin code does not contain precisely four digits.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    // From then on the message follows the typing.
    await user.type(screen.getByLabelText('New PIN code'), 'a');
    expect(screen.getByText('Pin code cannot contain letters.')).toBeInTheDocument();
  });

  it('asks for a PIN when the field is empty', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderRemote(<PinForm hasPin={false} required />);
    expect(screen.getByText(/Set a PIN code before you continue/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save PIN code' }));
    expect(screen.getByText('Please enter a pin code.')).toBeInTheDocument();
  });

  it('saves four digits that match their repeat, and empties the fields', async () => {
    const calls = stubApi({ 'POST /api/account/pin': () => json(200, ok({ hasPin: true })) });
    const user = userEvent.setup();
    renderRemote(<PinForm hasPin required={false} />);
    await user.type(screen.getByLabelText('New PIN code'), '4321');
    await user.type(screen.getByLabelText('Repeat PIN code'), '4321');
    await user.click(screen.getByRole('button', { name: 'Save PIN code' }));
    expect(screen.getByText('Enter your current PIN code or your password.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.type(screen.getByLabelText('Current PIN code or password'), '1234');
    await user.clear(screen.getByLabelText('Repeat PIN code'));
    await user.type(screen.getByLabelText('Repeat PIN code'), '4312');
    await user.click(screen.getByRole('button', { name: 'Save PIN code' }));
    expect(screen.getByText('The two PIN codes are not the same.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Repeat PIN code'));
    await user.type(screen.getByLabelText('Repeat PIN code'), '4321');
    await user.click(screen.getByRole('button', { name: 'Save PIN code' }));
    expect(await screen.findByText('Your PIN code is saved.')).toBeInTheDocument();
    expect(calls).toEqual([expect.objectContaining({ method: 'POST', path: '/api/account/pin', body: { pin: '4321', current: '1234' } })]);
    await waitFor(() => expect(screen.getByLabelText('New PIN code')).toHaveValue(''));
  });
});
