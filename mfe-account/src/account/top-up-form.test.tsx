import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, json, ok, renderRemote, stubApi } from '../testing/render-remote';
import { TopUpForm } from './top-up-form';

afterEach(() => vi.unstubAllGlobals());

// Typing in jsdom is slow on a busy machine: a bound for the whole form flow, not a speed requirement.
describe('the online top-up form', { timeout: 20_000 }, () => {
  it.each([
    ['ten', 'Please enter a valid number.'],
    ['0', 'Please enter a non-zero amount.'],
    // The DOM text is compared with its spaces normalised (the euro sign is followed by a no-break space).
    ['4,50', 'The minimum top-up is € 5,00.'],
  ])('refuses "%s" with "%s" and sends nothing', async (typed, message) => {
    const calls = stubApi({});
    const user = userEvent.setup();
    renderRemote(<TopUpForm minAmount={500} go={vi.fn()} />);
    await user.type(screen.getByLabelText('Amount in euros'), typed);
    await user.click(screen.getByRole('button', { name: 'Top up with iDEAL' }));
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('starts a payment in cents and sends the member to the bank', async () => {
    const calls = stubApi({ 'POST /api/account/upgrade': () => json(200, ok({ paymentId: '64b7f0c2a1b2c3d4e5f60721', checkoutUrl: '/api/payments/standin/tr_x' })) });
    const go = vi.fn();
    const user = userEvent.setup();
    renderRemote(<TopUpForm minAmount={500} go={go} />);
    expect(screen.getByText('At least € 5,00.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Amount in euros'), '12,50');
    await user.click(screen.getByRole('button', { name: 'Top up with iDEAL' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/api/payments/standin/tr_x'));
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/account/upgrade', body: { amount: 1250 } });
  });

  it("shows the server's refusal", async () => {
    const line = { loc: ['body', 'amount'], msg: 'The minimum top-up is €\u00a010,00.', type: 'value_error' };
    stubApi({ 'POST /api/account/upgrade': () => json(422, fail(422, 'amount_too_low', line.msg, [line])) });
    const go = vi.fn();
    const user = userEvent.setup();
    renderRemote(<TopUpForm minAmount={500} go={go} />);
    await user.type(screen.getByLabelText('Amount in euros'), '6');
    await user.click(screen.getByRole('button', { name: 'Top up with iDEAL' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The minimum top-up is € 10,00.');
    expect(go).not.toHaveBeenCalled();
  });
});
