import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, json, ok, renderRemote, stubApi } from '../testing/render-remote';
import { PayoutSection } from './payout-section';

afterEach(() => vi.unstubAllGlobals());

const asked = (over: Record<string, unknown> = {}) => ({
  id: '64b7f0c2a1b2c3d4e5f60901',
  donate: false,
  iban: 'NL20INGB0001234567',
  holder: 'Marit Lid',
  state: 'requested',
  amount: null,
  requestedAt: '2026-12-01T10:00:00Z',
  bookedAt: null,
  ...over,
});

describe('Pay out your balance on /account', () => {
  it('checks the IBAN as it is typed, asks to confirm, and sends the transfer request', async () => {
    let payout: unknown = null;
    const calls = stubApi({
      'GET /api/account/payout': () => json(200, ok(payout)),
      'POST /api/account/payout': () => {
        payout = asked({ iban: 'NL20INGB0001234567' });
        return json(200, ok(payout));
      },
    });
    const user = userEvent.setup();
    renderRemote(<PayoutSection balance={1_250} name="Marit Lid" />);
    const section = await screen.findByRole('region', { name: 'Leaving? Pay out your balance' });
    expect(section).toHaveTextContent('You have € 12,50 on your account.');
    expect(within(section).getByLabelText('Account holder')).toHaveValue('Marit Lid');
    await user.type(within(section).getByLabelText('IBAN'), 'nl20');
    expect(section).toHaveTextContent('IBAN must be uppercase.');
    await user.clear(within(section).getByLabelText('IBAN'));
    await user.type(within(section).getByLabelText('IBAN'), 'NL20 INGB 0001 2345 67');
    await user.click(within(section).getByRole('button', { name: 'Ask for payout' }));
    const dialog = screen.getByRole('dialog', { name: 'Ask for your payout' });
    expect(dialog).toHaveTextContent('Your balance, now € 12,50, is transferred to NL20 INGB 0001 2345 67 (Marit Lid).');
    expect(dialog).toHaveTextContent('it is closed when paid out');
    await user.click(within(dialog).getByRole('button', { name: 'Ask for payout' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ donate: false, iban: 'NL20 INGB 0001 2345 67', holder: 'Marit Lid' }]));
    expect(await within(section).findByRole('status')).toHaveTextContent('waiting for the board. Your balance goes to NL20INGB0001234567 (Marit Lid).');
  });

  it('donates without an IBAN, and lets the member withdraw while the board has not approved', async () => {
    let payout: unknown = null;
    const calls = stubApi({
      'GET /api/account/payout': () => json(200, ok(payout)),
      'POST /api/account/payout': () => {
        payout = asked({ donate: true, iban: null, holder: null });
        return json(200, ok(payout));
      },
      'DELETE /api/account/payout': () => {
        payout = asked({ donate: true, iban: null, holder: null, state: 'cancelled' });
        return json(200, ok(payout));
      },
    });
    const user = userEvent.setup();
    renderRemote(<PayoutSection balance={900} name="Marit Lid" />);
    const section = await screen.findByRole('region', { name: 'Leaving? Pay out your balance' });
    await user.click(within(section).getByLabelText('Donate my balance to the association'));
    expect(within(section).queryByLabelText('IBAN')).toBeNull();
    await user.click(within(section).getByRole('button', { name: 'Ask for payout' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Ask for your payout' })).getByRole('button', { name: 'Ask for payout' }));
    expect(await within(section).findByRole('status')).toHaveTextContent('Your balance goes to the association.');
    await user.click(within(section).getByRole('button', { name: 'Withdraw request' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(await within(section).findByRole('button', { name: 'Ask for payout' })).toBeEnabled();
  });

  it('says when it was paid out, and shows nothing to a member with no money and no request', async () => {
    stubApi({ 'GET /api/account/payout': () => json(200, ok(asked({ state: 'booked', amount: 1_250, bookedAt: '2026-12-03T12:00:00Z' }))) });
    const { unmount } = renderRemote(<PayoutSection balance={0} name="Marit Lid" />);
    expect(await screen.findByRole('status')).toHaveTextContent('Paid out on 3 december 2026: € 12,50 to NL20INGB0001234567 (Marit Lid). Your account is closed.');
    unmount();
    vi.unstubAllGlobals();
    stubApi({ 'GET /api/account/payout': () => json(200, ok(null)) });
    renderRemote(<PayoutSection balance={0} name="Marit Lid" />);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Leaving? Pay out your balance' })).toBeNull());
  });

  it('sends nothing while the IBAN or the holder is wrong, and shows what the server refuses', async () => {
    const calls = stubApi({
      'GET /api/account/payout': () => json(200, ok(null)),
      'POST /api/account/payout': () => json(409, fail(409, 'conflict', 'A payout of this account is waiting already.')),
    });
    const user = userEvent.setup();
    renderRemote(<PayoutSection balance={1_250} name="Marit Lid" />);
    const section = await screen.findByRole('region', { name: 'Leaving? Pay out your balance' });
    await user.type(within(section).getByLabelText('IBAN'), 'NL20 INGB 0001 2345 68');
    await user.clear(within(section).getByLabelText('Account holder'));
    await user.click(within(section).getByRole('button', { name: 'Ask for payout' }));
    expect(section).toHaveTextContent('Invalid IBAN.');
    expect(section).toHaveTextContent('Fill in the name of the account holder.');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.type(within(section).getByLabelText('Account holder'), 'M. Lid');
    expect(section).not.toHaveTextContent('Fill in the name of the account holder.');
    await user.clear(within(section).getByLabelText('IBAN'));
    await user.type(within(section).getByLabelText('IBAN'), 'NL20INGB0001234567');
    await user.click(within(section).getByRole('button', { name: 'Ask for payout' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Ask for your payout' })).getByRole('button', { name: 'Ask for payout' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('A payout of this account is waiting already.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ donate: false, iban: 'NL20INGB0001234567', holder: 'M. Lid' }]);
  });

  it('says the account is frozen once the board approved, with no way to withdraw', async () => {
    stubApi({ 'GET /api/account/payout': () => json(200, ok(asked({ state: 'approved' }))) });
    renderRemote(<PayoutSection balance={1_250} name="Marit Lid" />);
    expect(await screen.findByRole('status')).toHaveTextContent('Approved: your account is frozen until your balance is paid to NL20INGB0001234567 (Marit Lid); then it is closed.');
    expect(screen.queryByRole('button', { name: 'Withdraw request' })).toBeNull();
  });
});
