import { nextBusinessDay, type Capability, type JournalEntry } from '@kassa/contracts';
import { localDay } from '@kassa/service-kit';
import { accountModel, auditLogModel, loginAs } from '@kassa/test-stack/accounts';
import { type CheckoutStack, startCheckoutStack, setBooksSettings } from '@kassa/test-stack';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const BAR: Capability[] = ['PAYMENT_CASH', 'PAYMENT_ACCOUNT_OTHER'];
/** Euro amounts are formatted with a no-break space after the sign. */
const plain = (s: string) => s.replace(/\u00a0/g, ' ');
const TAB = { type: 'event', tab: true, invoiceName: 'Lustrumcommissie, t.a.v. de penningmeester', invoiceAddress: 'Oudegracht 12\n3511 AB Utrecht' };

/**
 * Tabs (issue 50 §4): an event or external account that runs a tab takes sales without balance (up to its limit), is
 * never in a direct-debit batch, and is invoiced; the paid invoice settles it and the books agree. The real accounts,
 * checkout and payments services on FerretDB.
 */
describe('an event or external tab: sold to without balance, invoiced, never debited', () => {
  let s: CheckoutStack;
  let adminToken: string;
  const today = () => localDay(new Date(), 'Europe/Amsterdam');

  beforeAll(async () => {
    s = await startCheckoutStack(inject('mongoUri'), { card: true });
    adminToken = `Bearer ${await loginAs(s.accounts, 'admin')}`;
    await setBooksSettings(s, adminToken);
  });
  afterAll(async () => {
    await s.close();
  });

  const admin = () => ({ authorization: s.token([], { isAdmin: true }) });
  const checkout = (method: 'GET' | 'POST', url: string, payload?: object) => s.app.inject({ method, url, headers: admin(), ...(payload ? { payload } : {}) });
  const payments = (method: 'GET' | 'POST', url: string, payload?: object) => s.payments!.inject({ method, url, headers: admin(), ...(payload ? { payload } : {}) });
  const accounts = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
    s.accounts.inject({ method, url, headers: { authorization: adminToken }, ...(payload ? { payload } : {}) });
  const newTab = async (name: string, fields: object = {}) => {
    const res = await accounts('POST', '/api/admin/accounts/', { name, ...TAB, tabLimit: null, ...fields });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as { id: string; tab: boolean; tabLimit: number | null; creditAccount: boolean };
  };
  const sale = (account: string, product: number, amount: number) =>
    s.pay('account', { nonce: randomUUID(), products: [{ id: s.products[product]!.id, amount }], account_id: account }, BAR);
  const sell = async (account: string, product: number, amount: number) => {
    const res = await sale(account, product, amount);
    expect(res.statusCode, res.body).toBe(200);
    return s.products[product]!.price * amount;
  };
  const creditAccount = async (name: string) => {
    const id = await s.createAccount(name, 0, { credit: true });
    await accountModel(s.accountsDb).updateOne({ _id: id }, { $set: { iban: 'NL91ABNA0417164300', bic: 'ABNANL2A', mandateId: `KASSA-${id}`, mandateSignedAt: '2025-09-01' } });
    return id;
  };

  it('takes a sale at € 0,00, is invoiced to its name and address, and the paid invoice brings it to € 0,00 with a balanced journal', async () => {
    const tab = await newTab('Lustrum committee');
    expect(tab).toMatchObject({ tab: true, tabLimit: null, creditAccount: false });
    const spent = (await sell(tab.id, 2, 3)) + (await sell(tab.id, 1, 2));
    expect(await s.balance(tab.id)).toBe(-spent);

    const draft = await checkout('POST', '/api/admin/invoices/', { accountId: tab.id, from: today(), to: today() });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json().result).toMatchObject({ customerName: TAB.invoiceName, customerAddress: TAB.invoiceAddress, total: spent, salesCount: 2 });
    const final = await checkout('POST', `/api/admin/invoices/${draft.json().result.id}/finalise/`);
    expect(final.statusCode, final.body).toBe(200);
    const paid = await checkout('POST', `/api/admin/invoices/${draft.json().result.id}/pay/`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().result.paid).toMatchObject({ balanceAfter: 0 });
    expect(await s.balance(tab.id)).toBe(0);

    const entry = (await payments('GET', `/api/admin/exact/journal?day=${today()}`)).json().result as JournalEntry;
    const on = (id: string) => entry.lines.filter((l) => l.ledgerId === id).reduce((sum, l) => sum + l.amount, 0);
    expect(entry.lines.reduce((sum, l) => sum + l.amount, 0)).toBe(0);
    expect(on('account_sales')).toBe(0);
    expect(entry.lines.some((l) => l.description.includes('invoice paid'))).toBe(true);
  });

  it('invoices the deposits charged and returned beside the products, so the paid invoice settles what the tab owes', async () => {
    const tab = await newTab('Statiegeld commissie');
    const crate = (await s.catalogDb.collection('products').findOne({ depositAmount: { $gt: 0 }, active: true }))!;
    const res = await s.pay('account', { nonce: randomUUID(), products: [{ id: String(crate._id), amount: 2 }], returns: [{ id: String(crate._id), amount: 1 }], account_id: tab.id }, [...BAR, 'DEPOSIT_RETURN']);
    expect(res.statusCode, res.body).toBe(200);
    const owes = 2 * (crate.price + crate.depositAmount) - crate.depositAmount;
    expect(await s.balance(tab.id)).toBe(-owes);

    const draft = await checkout('POST', '/api/admin/invoices/', { accountId: tab.id, from: today(), to: today() });
    expect(draft.statusCode, draft.body).toBe(200);
    const invoice = draft.json().result as { id: string; total: number; lines: { name: string; unitPrice: number; quantity: number; vatRate: number; total: number }[] };
    expect(invoice.total).toBe(owes);
    expect(invoice.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: crate.name, unitPrice: crate.price, quantity: 2 }),
        expect.objectContaining({ name: `Statiegeld ${crate.name}`, unitPrice: crate.depositAmount, quantity: 2, vatRate: 0 }),
        expect.objectContaining({ name: `Statiegeld ${crate.name} retour`, unitPrice: -crate.depositAmount, quantity: 1, vatRate: 0, total: -crate.depositAmount }),
      ]),
    );
    expect((await checkout('POST', `/api/admin/invoices/${invoice.id}/finalise/`)).statusCode).toBe(200);
    expect((await checkout('POST', `/api/admin/invoices/${invoice.id}/pay/`)).statusCode).toBe(200);
    expect(await s.balance(tab.id)).toBe(0);
  });

  it('is never in a direct-debit preview or batch, also with a negative balance from before its cut-off', async () => {
    // Was a credit account with a mandate, ran up a debt, and became the event's tab.
    const tab = await creditAccount('Reünie-commissie');
    await sell(tab, 0, 2);
    const became = await accounts('PATCH', `/api/admin/accounts/${tab}/`, { ...TAB, creditAccount: false, tabLimit: 25_000 });
    expect(became.statusCode, became.body).toBe(200);
    expect(became.json().result).toMatchObject({ tab: true, tabLimit: 25_000, creditAccount: false });
    await sell(tab, 1, 1);
    expect(await s.balance(tab)).toBeLessThan(0);
    const member = await creditAccount('Debiteur Daan');
    const owed = await sell(member, 0, 1);

    const dates = { collectionDate: nextBusinessDay(today()), cutoff: today() };
    const preview = await payments('GET', `/api/admin/direct_debit/preview?collectionDate=${dates.collectionDate}&cutoff=${dates.cutoff}`);
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json().result as { debits: { accountId: string; amount: number }[]; skipped: { accountId: string }[] };
    expect(p.debits.find((d) => d.accountId === member)).toMatchObject({ amount: owed });
    expect(p.debits.map((d) => d.accountId)).not.toContain(tab);
    expect(p.skipped.map((d) => d.accountId)).not.toContain(tab);
    const batch = await payments('POST', '/api/admin/direct_debit/', dates);
    expect(batch.statusCode, batch.body).toBe(200);
    const detail = await payments('GET', `/api/admin/direct_debit/${batch.json().result.id}/?page=1&perPage=100`);
    const debited = (detail.json().result.debits.items as { accountId: string }[]).map((d) => d.accountId);
    expect(debited).toContain(member);
    expect(debited).not.toContain(tab);
    // And its sales stay to be invoiced: none of them is the batch's.
    const lines = await checkout('GET', `/api/admin/invoices/preview/?accountId=${tab}&from=${today()}&to=${today()}`);
    expect(lines.json().result).toMatchObject({ salesCount: 2, collectedCount: 0, total: -(await s.balance(tab)) });
    expect(await payments('POST', `/api/admin/direct_debit/${batch.json().result.id}/cancel`)).toMatchObject({ statusCode: 200 });
  });

  it('leaves out of its invoice the sales a batch collects from the credit account it was before: one debt, one route', async () => {
    const was = await creditAccount('Oud-krediet Commissie');
    const collected = await sell(was, 0, 3);
    const dates = { collectionDate: nextBusinessDay(today()), cutoff: today() };
    const batch = await payments('POST', '/api/admin/direct_debit/', dates);
    expect(batch.statusCode, batch.body).toBe(200);
    const detail = await payments('GET', `/api/admin/direct_debit/${batch.json().result.id}/?page=1&perPage=100`);
    expect(detail.json().result.debits.items.find((d: { accountId: string }) => d.accountId === was)).toMatchObject({ amount: collected });
    const became = await accounts('PATCH', `/api/admin/accounts/${was}/`, { ...TAB, creditAccount: false, tabLimit: 10_000 });
    expect(became.statusCode, became.body).toBe(200);
    // The batch collects its debt up to the cut-off (today): the tab's invoice leaves those sales out, saying so.
    const lines = await checkout('GET', `/api/admin/invoices/preview/?accountId=${was}&from=${today()}&to=${today()}`);
    expect(lines.json().result).toMatchObject({ total: 0, lines: [], collectedCount: 1, collectedThrough: today() });
    expect(await payments('POST', `/api/admin/direct_debit/${batch.json().result.id}/cancel`)).toMatchObject({ statusCode: 200 });
  });

  it('refuses the sale that would take it past its limit, saying so, and takes it once the limit is raised', async () => {
    const tab = await newTab('Alumni Borrel', { type: 'external', tabLimit: 1_000 });
    const price = s.products[1]!.price;
    const fit = Math.floor(1_000 / price);
    await sell(tab.id, 1, fit);
    const past = await sale(tab.id, 1, 1);
    expect(past.statusCode, past.body).toBe(400);
    expect(past.json()).toMatchObject({ errorIdentifier: 'insufficient_credits' });
    expect(plain(past.json().errorMessage)).toMatch(/^The tab of Alumni Borrel is at its limit of € 10,00: it owes € [\d,]+, and this € [\d,]+ would take it past the limit\. Invoice the tab or raise its limit\.$/);
    expect(await s.balance(tab.id)).toBe(-fit * price);
    expect((await accounts('PATCH', `/api/admin/accounts/${tab.id}/`, { tabLimit: 5_000 })).statusCode).toBe(200);
    expect((await sale(tab.id, 1, 1)).statusCode).toBe(200);
  });

  it('answers 422 with a line per field for a tab that breaks the rules, and audits the change to a tab', async () => {
    const bad = async (body: object, field: string, msg: string | RegExp) => {
      const res = await accounts('POST', '/api/admin/accounts/', { name: 'Fout Tab', ...TAB, tabLimit: 1_000, ...body });
      expect(res.statusCode, res.body).toBe(422);
      const line = (res.json().detail as { loc: string[]; msg: string }[]).find((d) => d.loc.includes(field));
      expect(plain(line?.msg ?? ''), res.body).toMatch(msg);
    };
    await bad({ type: 'member' }, 'type', 'Only an event or external account runs a tab.');
    await bad({ creditAccount: true, iban: 'NL91ABNA0417164300', bic: 'ABNANL2A' }, 'creditAccount', /never collected by direct debit/);
    await bad({ tabLimit: undefined }, 'tabLimit', "Set the tab's limit, or choose no limit.");
    await bad({ tabLimit: 0 }, 'tabLimit', /above € 0,00/);
    await bad({ tabLimit: 1_000_001 }, 'tabLimit', /€ 10\.000,00/);
    await bad({ invoiceName: '  ' }, 'invoiceName', 'A tab needs the name its invoices go to.');
    await bad({ invoiceAddress: null }, 'invoiceAddress', 'A tab needs the address its invoices go to.');

    const prepaid = await s.createAccount('Feestweek', 5_000);
    await accountModel(s.accountsDb).updateOne({ _id: prepaid }, { $set: { type: 'event' } });
    const holds = await accounts('PATCH', `/api/admin/accounts/${prepaid}/`, { ...TAB, tabLimit: null });
    expect(holds.statusCode, holds.body).toBe(422);
    expect(holds.json().detail[0].loc).toEqual(['body', 'tab']);
    expect(plain(holds.json().detail[0].msg)).toBe("The account holds € 50,00: pay it out or move it first, so the tab's invoices bill only what it owes.");

    const tab = await newTab('Zusterclub', { type: 'external', tabLimit: 2_000 });
    await sell(tab.id, 0, 1);
    const stop = await accounts('PATCH', `/api/admin/accounts/${tab.id}/`, { tab: false });
    expect(stop.statusCode, stop.body).toBe(422);
    expect(stop.json().detail[0].msg).toMatch(/invoice it before it stops being a tab/);
    const raised = await accounts('PATCH', `/api/admin/accounts/${tab.id}/`, { tabLimit: 3_000, invoiceName: 'Zusterclub Vriendschap' });
    expect(raised.statusCode, raised.body).toBe(200);
    const audit = await auditLogModel(s.accountsDb).find({ entityId: tab.id }).sort({ at: 1 }).lean();
    expect(audit.map((a) => a.action)).toEqual(['account.create', 'account.update']);
    expect(audit[0]).toMatchObject({ who: { username: 'admin' }, after: { tab: true, tabLimit: 2_000, invoiceName: TAB.invoiceName } });
    expect(audit[1]).toMatchObject({ before: { tabLimit: 2_000 }, after: { tab: true, tabLimit: 3_000, invoiceName: 'Zusterclub Vriendschap' } });
  });
});
