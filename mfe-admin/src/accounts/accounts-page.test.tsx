import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { formatDate } from '@kassa/ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, ok, refused, stubAdminApi } from '../testing/fixtures';
import { renderAdmin } from '../testing/render-admin';
import { AccountPage } from './account-page';
import { accountProblems } from './account-form';
import { AccountsPage } from './accounts-page';

afterEach(() => vi.unstubAllGlobals());

const account = {
  id: 'a'.repeat(24),
  name: 'Marit de Member',
  type: 'member',
  balance: 250,
  creditAccount: false,
  creditLimit: null,
  effectiveCreditLimit: 0,
  iban: null,
  bic: null,
  mandateId: null,
  mandateSignedAt: null,
  hasPin: true,
  lastUsed: '2026-11-20T20:00:00Z',
  closedAt: null,
  createdAt: '2026-01-01T10:00:00Z',
  users: [{ id: 'b'.repeat(24), username: 'member' }],
};
const settings = { aprilFoolsEnabled: false, posWrappedAvailable: false, slideShowsNames: false, requireTfa: false, requireSettingAccountPin: false, accountUpgradeMinAmount: 500, conditionsVersion: 1, termsAnnouncement: null, creditLimit: 15000, creditorName: '', creditorIban: '', creditorBic: '', creditorId: '', invoiceSender: { name: '', address: '', vatNumber: '', kvkNumber: '', iban: '', email: '' }, offlinePrepaidFloor: 0, fourEyesAboveCents: 5000, cashWithoutShift: true, shiftNoteAbove: 500, prenotificationDays: 14, debitReminderDays: 7, debitSecondReminderDays: 21, ageCheck: 'off' as const, fineMode: 'off' as const, fineAmount: 500, finePercent: 5, finePeriodDays: 30, fineCap: 2500 };
const posting = { seq: 1, at: '2026-11-20T20:00:00Z', day: '2026-11-20', kind: 'topup', amount: 250, balanceAfter: 250, ref: '', description: 'Top-up by the board (cash)', method: 'cash_payment', reason: 'Paid at the bar', by: 'admin' };

function stubApi(upgrade: (body: { allowNegative: boolean }) => Response = () => json(200, ok({ accountId: account.id, seq: 2, amount: -500, balanceAfter: -250, replay: false })), over: object = {}) {
  return stubAdminApi((call) => {
    if (call.path.endsWith('/admin/settings/')) return json(200, ok(settings));
    if (call.path.endsWith('/upgrade/')) return upgrade(call.body as { allowNegative: boolean });
    if (call.path.endsWith('/postings/')) return json(200, ok({ items: [posting], pageCount: 1, total: 1 }));
    if (call.path.endsWith(`/admin/accounts/${account.id}/`)) return json(200, ok({ ...account, ...over }));
    if (call.method === 'POST') return json(200, ok({ ...account, ...(call.body as object), id: 'c'.repeat(24) }));
    return json(200, ok({ items: [account], pageCount: 1, total: 1 }));
  });
}

describe('/admin/accounts', { timeout: 20_000 }, () => {
  it('lists accounts 15 a page with the filters from the URL', async () => {
    const calls = stubApi();
    renderAdmin(<AccountsPage />, '/admin/accounts?search=mar&credit=false&negative=true');
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Marit de Member');
    expect(rows[1]).toHaveTextContent('member');
    expect(rows[1]).toHaveTextContent('Prepaid');
    const list = calls.find((c) => c.path.endsWith('/admin/accounts/'))!;
    expect(Object.fromEntries(list.query)).toMatchObject({ search: 'mar', credit: 'false', negative: 'true', perPage: '15', page: '1' });
    expect(screen.getByLabelText('Below zero')).toBeChecked();
  });

  it('creates a credit account only with a valid IBAN and BIC (SPEC 5 lines)', async () => {
    const calls = stubApi();
    renderAdmin(<AccountsPage />, '/admin/accounts');
    const user = userEvent.setup();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'New account' }));
    const form = screen.getByRole('dialog', { name: 'New account' });
    await user.type(within(form).getByLabelText('Name'), 'Karel Krediet');
    await user.click(within(form).getByLabelText(/Credit account/));
    await user.type(within(form).getByLabelText('IBAN'), 'NL91ABNA0417164301');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(within(form).getByLabelText('IBAN')).toHaveAccessibleDescription('Invalid IBAN.');
    expect(within(form).getByLabelText('BIC')).toHaveAccessibleDescription('Please enter a BIC.');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.clear(within(form).getByLabelText('IBAN'));
    await user.type(within(form).getByLabelText('IBAN'), 'NL91 ABNA 0417 1643 00');
    await user.type(within(form).getByLabelText('BIC'), 'ABNANL2A');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ name: 'Karel Krediet', creditAccount: true, iban: 'NL91 ABNA 0417 1643 00', bic: 'ABNANL2A', creditLimit: null }));
    // The age check is not 'account': no date of birth is asked.
    expect(within(form).queryByLabelText(/Date of birth/)).toBeNull();
  });

  it("asks a date of birth when the age check sells 18+ only on such accounts, and sends it", async () => {
    const calls = stubAdminApi((call) => {
      if (call.path.endsWith('/admin/settings/')) return json(200, ok({ ...settings, ageCheck: 'account' }));
      if (call.method === 'POST') return json(200, ok({ ...account, ...(call.body as object), id: 'c'.repeat(24) }));
      return json(200, ok({ items: [account], pageCount: 1, total: 1 }));
    });
    renderAdmin(<AccountsPage />, '/admin/accounts');
    const user = userEvent.setup();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'New account' }));
    const form = screen.getByRole('dialog', { name: 'New account' });
    await user.type(within(form).getByLabelText('Name'), 'Bram Jong');
    fireEvent.change(await within(form).findByLabelText('Date of birth (optional)'), { target: { value: '2008-05-17' } });
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ name: 'Bram Jong', dateOfBirth: '2008-05-17' }));
  });

  it('makes an event account a tab with who to invoice and a limit, or no limit only when chosen', async () => {
    const calls = stubApi();
    renderAdmin(<AccountsPage />, '/admin/accounts');
    const user = userEvent.setup();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'New account' }));
    const form = screen.getByRole('dialog', { name: 'New account' });
    expect(within(form).queryByLabelText(/Runs a tab/)).toBeNull();
    await user.type(within(form).getByLabelText('Name'), 'Lustrum committee');
    await user.selectOptions(within(form).getByLabelText('Type'), 'event');
    await user.click(within(form).getByLabelText(/Runs a tab/));
    // A tab is never a credit account: the direct-debit choice is gone.
    expect(within(form).queryByLabelText(/Credit account/)).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(within(form).getByLabelText('Invoice to')).toHaveAccessibleDescription('A tab needs the name its invoices go to.');
    expect(within(form).getByLabelText('Tab limit (€)')).toHaveAccessibleDescription("Set the tab's limit, or choose no limit.");
    expect(within(form).getByText('A tab needs the address its invoices go to.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.type(within(form).getByLabelText('Invoice to'), 'Lustrumcommissie');
    await user.type(within(form).getByLabelText('Invoice address'), 'Oudegracht 12{Enter}3511 AB Utrecht');
    await user.type(within(form).getByLabelText('Tab limit (€)'), '250');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ name: 'Lustrum committee', type: 'event', tab: true, tabLimit: 25_000, creditAccount: false, invoiceName: 'Lustrumcommissie', invoiceAddress: 'Oudegracht 12\n3511 AB Utrecht' }),
    );
  });

  it('sends a tab without a limit only with "No limit" ticked', async () => {
    const calls = stubApi();
    renderAdmin(<AccountsPage />, '/admin/accounts');
    const user = userEvent.setup();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'New account' }));
    const form = screen.getByRole('dialog', { name: 'New account' });
    await user.type(within(form).getByLabelText('Name'), 'Zusterclub');
    await user.selectOptions(within(form).getByLabelText('Type'), 'external');
    await user.click(within(form).getByLabelText(/Runs a tab/));
    await user.type(within(form).getByLabelText('Invoice to'), 'Zusterclub');
    await user.type(within(form).getByLabelText('Invoice address'), 'Straat 1');
    await user.click(within(form).getByLabelText(/No limit/));
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ type: 'external', tab: true, tabLimit: null }));
  });

  it('asks a second time before a correction takes a prepaid account below zero, with the same nonce', async () => {
    const calls = stubApi((body) =>
      body.allowNegative
        ? json(200, ok({ accountId: account.id, seq: 2, amount: -500, balanceAfter: -250, replay: false }))
        : json(409, { error: true, errorCode: 409, errorIdentifier: 'confirmation_required', errorMessage: 'Confirm it.', result: null }),
    );
    renderAdmin(
      <Routes>
        <Route path="/admin/accounts/:accountId" element={<AccountPage />} />
      </Routes>,
      `/admin/accounts/${account.id}`,
    );
    const user = userEvent.setup();
    expect(await screen.findByText('Paid at the bar · by admin')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Top up or correct' }));
    const form = screen.getByRole('dialog', { name: /Money on or off/ });
    await user.selectOptions(within(form).getByLabelText('Method'), 'Correction');
    await user.type(within(form).getByLabelText('Amount (€)'), '-5');
    await user.click(within(form).getByRole('button', { name: 'Book correction' }));
    expect(within(form).getByLabelText('Reason')).toHaveAccessibleDescription('Say why: a correction needs a reason.');
    await user.type(within(form).getByLabelText('Reason'), 'Counted twice');
    await user.click(within(form).getByRole('button', { name: 'Book correction' }));
    const confirm = await screen.findByRole('dialog', { name: 'Below zero' });
    expect(confirm).toHaveTextContent('below zero on a prepaid account');
    await user.click(within(confirm).getByRole('button', { name: 'Book it anyway' }));
    await screen.findByText(/Correction of .* booked/);
    const sent = calls.filter((c) => c.path.endsWith('/upgrade/')).map((c) => c.body as { nonce: string; allowNegative: boolean; amount: number; method: string });
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ amount: -500, method: 'correction', reason: 'Counted twice', allowNegative: false });
    expect(sent[1]).toMatchObject({ allowNegative: true });
    expect(sent[1]!.nonce).toBe(sent[0]!.nonce);
  });

  it("puts a server 422 on the reason under Reason and one on the method above the form, not under Amount", async () => {
    stubApi(() =>
      refused(
        { loc: ['body', 'reason'], msg: 'enter at most 200 characters', type: 'value_error.ensure' },
        { loc: ['body', 'method'], msg: 'Invalid option', type: 'value_error' },
      ),
    );
    renderAdmin(
      <Routes>
        <Route path="/admin/accounts/:accountId" element={<AccountPage />} />
      </Routes>,
      `/admin/accounts/${account.id}`,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Top up or correct' }));
    const form = screen.getByRole('dialog', { name: /Money on or off/ });
    await user.type(within(form).getByLabelText('Amount (€)'), '5');
    await user.click(within(form).getByRole('button', { name: 'Book top-up' }));
    await waitFor(() => expect(within(form).getByLabelText('Reason (optional)')).toHaveAccessibleDescription("Please enter at most 200 characters for 'reason'."));
    expect(within(form).getByLabelText('Amount (€)')).toHaveAccessibleDescription(/^Now €\s2,50\.$/);
    expect(within(form).getByRole('alert')).toHaveTextContent('Invalid option');
  });

  const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3_600_000).toISOString();
  const openClose = async (over: object) => {
    stubApi(undefined, over);
    renderAdmin(
      <Routes>
        <Route path="/admin/accounts/:accountId" element={<AccountPage />} />
      </Routes>,
      `/admin/accounts/${account.id}`,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Close account' }));
    return { user, dialog: screen.getByRole('dialog', { name: 'Close Marit de Member' }) };
  };

  it('lets the money on an account used within the year be paid out or moved first, never expire', async () => {
    const { user, dialog } = await openClose({ lastUsed: daysAgo(10), createdAt: daysAgo(300) });
    expect(dialog).toHaveTextContent(/has €\s2,50 on it and was used within the year: the money is the member’s\. Pay it out or move it to another account first/);
    expect(within(dialog).queryByRole('button', { name: /expire/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: /^Pay out or move €\s2,50 first$/ }));
    expect(screen.getByRole('dialog', { name: /Money on or off Marit de Member/ })).toBeInTheDocument();
  });

  it('says the money expires on an account unused for more than a year, before it closes', async () => {
    const { dialog } = await openClose({ lastUsed: daysAgo(400), createdAt: daysAgo(900) });
    expect(dialog).toHaveTextContent(/expires, as the terms say for an account unused for more than a year/);
    expect(within(dialog).getByRole('button', { name: /Close and expire €\s2,50/ })).toBeInTheDocument();
  });

  it('waives a fine from the postings, and says which fines are waived already', async () => {
    const fine = (seq: number, waived: boolean) => ({ ...posting, seq, kind: 'fine', amount: -400, balanceAfter: -4_400, description: 'Fine: period 1', method: null, reason: null, by: 'kassa', waived });
    const calls = stubAdminApi((call) => {
      if (call.path.endsWith('/admin/settings/')) return json(200, ok(settings));
      if (call.path.endsWith('/postings/')) return json(200, ok({ items: [fine(3, false), fine(2, true), posting], pageCount: 1, total: 3 }));
      if (call.path.endsWith('/waive')) return json(200, ok({ ...fine(4, false), amount: 400, balanceAfter: -4_000 }));
      return json(200, ok(account));
    });
    renderAdmin(
      <Routes>
        <Route path="/admin/accounts/:accountId" element={<AccountPage />} />
      </Routes>,
      `/admin/accounts/${account.id}`,
    );
    const waive = await screen.findByRole('button', { name: /^Waive the fine of €\s4,00$/ });
    expect(screen.getByText('Waived')).toBeInTheDocument();
    await userEvent.setup().click(waive);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`/api/admin/accounts/${account.id}/fines/3/waive`]));
    expect(await screen.findByRole('status')).toHaveTextContent('The fine of € 4,00 is waived');
  });

  it('shows a PIN lock-out on the account page, with until when', async () => {
    stubAdminApi((call) => {
      if (call.path.endsWith('/admin/settings/')) return json(200, ok(settings));
      if (call.path.endsWith('/postings/')) return json(200, ok({ items: [], pageCount: 1, total: 0 }));
      return json(200, ok({ ...account, pinLockedUntil: '2026-11-20T21:35:00Z' }));
    });
    renderAdmin(
      <Routes>
        <Route path="/admin/accounts/:accountId" element={<AccountPage />} />
      </Routes>,
      `/admin/accounts/${account.id}`,
    );
    const pin = (await screen.findByText('PIN')).nextElementSibling!;
    // "20 november 2026 om 21:35" in the browser's time zone, as every time on the admin pages.
    expect(pin).toHaveTextContent(`Set Locked until ${formatDate('2026-11-20T21:35:00Z', { time: true })} (too many wrong PINs; a new PIN lifts it)`);
    expect(pin).toHaveTextContent(/Locked until 20 november 2026 om \d\d:35/);
  });

  it('checks names, IBAN and BIC like the server', () => {
    const base = { name: 'X', type: 'member' as const, creditAccount: false, ownLimit: false, creditLimit: '', iban: '', bic: '', mandateId: '', mandateSignedAt: '', dateOfBirth: '', tab: false, tabLimit: '', noTabLimit: false, invoiceName: '', invoiceAddress: '' };
    expect(accountProblems(base)).toEqual({});
    expect(accountProblems({ ...base, dateOfBirth: '2007-02-30' })).toEqual({ dateOfBirth: 'That date does not exist.' });
    expect(accountProblems({ ...base, dateOfBirth: '1899-12-31' })).toEqual({ dateOfBirth: 'A date of birth lies between 1900 and today.' });
    expect(accountProblems({ ...base, name: ' \u200b ' })).toEqual({ name: 'Please enter a name.' });
    expect(accountProblems({ ...base, iban: 'nl91abna0417164300' })).toEqual({ iban: 'IBAN must be uppercase.' });
    expect(accountProblems({ ...base, creditAccount: true, ownLimit: true, creditLimit: 'abc' })).toEqual({ iban: 'Please enter an IBAN.', bic: 'Please enter a BIC.', creditLimit: 'Please enter a valid number.' });
  });
});
