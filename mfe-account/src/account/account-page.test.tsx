import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, memberConfig, ok, renderRemote, stubApi, type Call } from '../testing/render-remote';
import { AccountPage } from './account-page';

afterEach(() => vi.unstubAllGlobals());

const ACCOUNT = { id: '64b7f0c2a1b2c3d4e5f60719', name: 'Marit de Member', type: 'member', hasPin: true };
const page = (items: unknown[], total = items.length) => json(200, ok({ items, pageCount: Math.ceil(total / 15), total }));
const posting = (n: number, amount: number, balanceAfter: number, description: string) => ({
  id: `64b7f0c2a1b2c3d4e5f607${String(n).padStart(2, '0')}`,
  at: '2026-11-22T20:05:00Z',
  kind: amount > 0 ? 'ideal' : 'purchase',
  description,
  amount,
  balanceAfter,
});

// Typing in jsdom is slow on a busy machine: a bound for the whole form flow, not a speed requirement.
describe('/account', { timeout: 20_000 }, () => {
  it('shows the balance large and green, then the history newest first with dates in Dutch', async () => {
    stubApi({
      'GET /api/account/': () => json(200, ok({ balance: 2500, iban: null, creditAccount: false, account: ACCOUNT, sepa: null })),
      'GET /api/account/transactions': () => page([posting(2, -250, 2500, '1x Pils'), posting(1, 2750, 2750, 'Opening balance')]),
    });
    renderRemote(<AccountPage />);
    const balance = await screen.findByText('€ 25,00', { selector: '.account-balance__amount' });
    expect(balance).toHaveClass('k-money--positive');
    expect(screen.getByText(/Prepaid account/)).toBeInTheDocument();
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('1x Pils');
    expect(rows[1]).toHaveTextContent('€ -2,50');
    expect(rows[1]).toHaveTextContent('22 november 2026');
    expect(rows[2]).toHaveTextContent('Opening balance');
  });

  it('shows a credit account below zero in red with the coming direct debit: date, amount and IBAN', async () => {
    stubApi({
      'GET /api/account/': () =>
        json(200, ok({ balance: -1250, iban: 'NL91ABNA0417164300', creditAccount: true, account: ACCOUNT, sepa: { execDate: '2026-08-03', balance: 1250, iban: 'NL91ABNA0417164300' } })),
      'GET /api/account/transactions': () => page([]),
    });
    renderRemote(<AccountPage />);
    expect(await screen.findByText('€ -12,50', { selector: '.account-balance__amount' })).toHaveClass('k-money--negative');
    expect(screen.getByText(/Next direct debit/)).toHaveTextContent('3 augustus 2026');
    expect(screen.getByText(/^Amount:/)).toHaveTextContent('€ 12,50');
    expect(screen.getByText(/^Your balance now; the amount is fixed at the end of the month/)).toBeInTheDocument();
    expect(screen.getByText('NL91 ABNA 0417 1643 00')).toBeInTheDocument();
    expect(screen.getByText('SEPA')).toBeInTheDocument();
    expect(await screen.findByText('No transactions yet.')).toBeInTheDocument();
  });

  it("shows the open batch's debit: its date and the amount frozen at its cut-off, and says so", async () => {
    stubApi({
      'GET /api/account/': () =>
        json(200, ok({ balance: -1000, iban: 'NL91ABNA0417164300', creditAccount: true, account: ACCOUNT, sepa: { execDate: '2026-12-03', balance: 750, iban: 'NL91ABNA0417164300', cutoff: '2026-11-30' } })),
      'GET /api/account/transactions': () => page([]),
    });
    renderRemote(<AccountPage />);
    expect(await screen.findByText(/Next direct debit/)).toHaveTextContent('3 december 2026');
    expect(screen.getByText(/^Amount:/)).toHaveTextContent('€ 7,50');
    expect(screen.getByText(/^What you owed at the end of/)).toHaveTextContent(
      'What you owed at the end of 30 november 2026: this amount is fixed. What you spend after that day is collected with the next direct debit.',
    );
    expect(screen.queryByText(/^Your balance now/)).toBeNull();
  });

  it('says plainly when a direct debit failed: credit is off and the member must top up', async () => {
    stubApi({
      'GET /api/account/': () =>
        json(200, ok({ balance: -2345, iban: 'NL91ABNA0417164300', creditAccount: false, account: ACCOUNT, sepa: null, directDebitFailure: { at: '2026-12-03T10:00:00Z', amount: 2345 } })),
      'GET /api/account/transactions': () => page([]),
    });
    renderRemote(<AccountPage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your direct debit of € 23,45 failed');
    expect(alert).toHaveTextContent('3 december 2026');
    expect(alert).toHaveTextContent('Credit is switched off');
    expect(alert).toHaveTextContent('top up your account within a month');
  });

  it('back from the bank, says the top-up arrived and shows the new balance', async () => {
    let balance = 2500;
    let checks = 0;
    const calls = stubApi({
      'GET /api/account/': () => json(200, ok({ balance, iban: null, creditAccount: false, account: ACCOUNT, sepa: null })),
      'GET /api/account/transactions': () => page([]),
      'GET /api/account/upgrade/64b7f0c2a1b2c3d4e5f60799': () => {
        checks += 1;
        // The bank's confirmation arrives between the first and second check.
        if (checks === 1) return json(200, ok({ id: '64b7f0c2a1b2c3d4e5f60799', amount: 1000, status: 'open', credited: false, createdAt: '2026-11-22T20:00:00Z', paidAt: null }));
        balance = 3500;
        return json(200, ok({ id: '64b7f0c2a1b2c3d4e5f60799', amount: 1000, status: 'paid', credited: true, createdAt: '2026-11-22T20:00:00Z', paidAt: '2026-11-22T20:01:00Z' }));
      },
    });
    renderRemote(<AccountPage />, { path: '/account?payment=64b7f0c2a1b2c3d4e5f60799' });
    expect(await screen.findByText(/Waiting for the bank to confirm the payment of € 10,00/)).toBeInTheDocument();
    expect(await screen.findByText('Top-up of € 10,00 received', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(await screen.findByText('€ 35,00', { selector: '.account-balance__amount' })).toBeInTheDocument();
    expect(calls.filter((c: Call) => c.path === '/api/account/').length).toBeGreaterThanOrEqual(2);
  });

  it.each([
    ['cancelled', 'Payment cancelled'],
    ['expired', 'Payment expired'],
  ])('says "%s" when the member did not pay', async (status, text) => {
    stubApi({
      'GET /api/account/': () => json(200, ok({ balance: 2500, iban: null, creditAccount: false, account: ACCOUNT, sepa: null })),
      'GET /api/account/transactions': () => page([]),
      'GET /api/account/upgrade/64b7f0c2a1b2c3d4e5f60798': () =>
        json(200, ok({ id: '64b7f0c2a1b2c3d4e5f60798', amount: 1000, status, credited: false, createdAt: '2026-11-22T20:00:00Z', paidAt: null })),
    });
    renderRemote(<AccountPage />, { path: '/account?payment=64b7f0c2a1b2c3d4e5f60798' });
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('puts setting a PIN first when the board requires one and the account has none', async () => {
    stubApi({
      'GET /api/account/': () => json(200, ok({ balance: 0, iban: null, creditAccount: false, account: { ...ACCOUNT, hasPin: false }, sepa: null })),
      'GET /api/account/transactions': () => page([]),
    });
    renderRemote(<AccountPage />, { config: memberConfig({ requireSettingAccountPin: true }) });
    expect(await screen.findByText(/Set a PIN code before you continue/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Top up online' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Set a PIN code', 'History']));
  });
});
