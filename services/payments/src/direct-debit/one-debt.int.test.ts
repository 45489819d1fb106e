import { nextBusinessDay, type Capability } from '@kassa/contracts';
import { localDay } from '@kassa/service-kit';
import { accountModel, loginAs, userModel } from '@kassa/test-stack/accounts';
import { type CheckoutStack, startCheckoutStack, setBooksSettings } from '@kassa/test-stack';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const BAR: Capability[] = ['PAYMENT_CASH', 'PAYMENT_ACCOUNT_OTHER'];

/**
 * One debt, collected once (issue 50 §1): the real accounts, checkout (invoices) and payments (batches) services on
 * FerretDB. A credit account's sale is settled by one route: an invoice, or a direct-debit batch, never both.
 */
describe('a sale settled by an invoice or a direct debit, never both', () => {
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
  const creditAccount = async (name: string) => {
    const id = await s.createAccount(name, 0, { credit: true });
    await accountModel(s.accountsDb).updateOne({ _id: id }, { $set: { iban: 'NL91ABNA0417164300', bic: 'ABNANL2A', mandateId: `KASSA-${id}`, mandateSignedAt: '2025-09-01' } });
    return id;
  };
  const sell = async (account: string, product: number, amount: number) => {
    const res = await s.pay('account', { nonce: randomUUID(), products: [{ id: s.products[product]!.id, amount }], account_id: account }, BAR);
    expect(res.statusCode, res.body).toBe(200);
    return s.products[product]!.price * amount;
  };
  const dates = () => ({ collectionDate: nextBusinessDay(today()), cutoff: today() });

  it('leaves invoiced sales out of the batch, paid or not, saying why', async () => {
    const invoiced = await creditAccount('Gefactureerd Gerrit');
    const billed = await sell(invoiced, 2, 3);
    const draft = await checkout('POST', '/api/admin/invoices/', { accountId: invoiced, from: today(), to: today() });
    expect(draft.statusCode, draft.body).toBe(200);
    const final = await checkout('POST', `/api/admin/invoices/${draft.json().result.id}/finalise/`);
    expect(final.statusCode, final.body).toBe(200);
    expect(final.json().result.total).toBe(billed);
    const number = final.json().result.number as string;
    // Paid and unpaid alike: a paid invoice's payment is not the batch's either.
    const paid = await creditAccount('Betaald Bert');
    const paidSale = await sell(paid, 1, 2);
    const paidDraft = await checkout('POST', '/api/admin/invoices/', { accountId: paid, from: today(), to: today() });
    await checkout('POST', `/api/admin/invoices/${paidDraft.json().result.id}/finalise/`);
    expect((await checkout('POST', `/api/admin/invoices/${paidDraft.json().result.id}/pay/`)).statusCode).toBe(200);
    expect(await s.balance(paid)).toBe(0);

    const preview = await payments('GET', `/api/admin/direct_debit/preview?collectionDate=${dates().collectionDate}&cutoff=${dates().cutoff}`);
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json().result as { debits: { accountId: string }[]; skipped: { accountId: string; amount: number; reason: string; detail?: string | null }[] };
    expect(p.debits.map((d) => d.accountId)).not.toContain(invoiced);
    expect(p.debits.map((d) => d.accountId)).not.toContain(paid);
    expect(p.skipped.find((k) => k.accountId === invoiced)).toMatchObject({ amount: billed, reason: 'invoiced', detail: expect.stringContaining(`invoice ${number}`) });
    expect(p.skipped.find((k) => k.accountId === paid)).toMatchObject({ amount: paidSale, reason: 'invoiced' });
  });

  it("leaves out of an invoice what a batch collects, saying so, and invoices only what it does not", async () => {
    const debited = await creditAccount('Geïncasseerd Ilse');
    const collected = await sell(debited, 0, 2);
    const batch = await payments('POST', '/api/admin/direct_debit/', dates());
    expect(batch.statusCode, batch.body).toBe(200);
    const detail = await payments('GET', `/api/admin/direct_debit/${batch.json().result.id}/?page=1&perPage=100`);
    expect(detail.json().result.debits.items.find((d: { accountId: string }) => d.accountId === debited)).toMatchObject({ amount: collected });

    const preview = await checkout('GET', `/api/admin/invoices/preview/?accountId=${debited}&from=${today()}&to=${today()}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().result).toMatchObject({ total: 0, lines: [], collectedCount: 1, collectedThrough: today() });
    const draft = await checkout('POST', '/api/admin/invoices/', { accountId: debited, from: today(), to: today() });
    const final = await checkout('POST', `/api/admin/invoices/${draft.json().result.id}/finalise/`);
    expect(final.statusCode).toBe(409);
    expect(final.json().errorMessage).toContain('nothing to invoice');
    // A prepaid account is never in a batch: its sales are invoiced as before.
    const prepaid = await s.createAccount('Vooruit Vera', 5000);
    const sale = await sell(prepaid, 0, 1);
    const prepaidPreview = await checkout('GET', `/api/admin/invoices/preview/?accountId=${prepaid}&from=${today()}&to=${today()}`);
    expect(prepaidPreview.json().result).toMatchObject({ total: sale, collectedCount: 0 });
  });

  it("shows the member what the open batch collects and when, frozen at its cut-off, not the balance now", async () => {
    const open = (await payments('GET', '/api/admin/direct_debit/?status=open')).json().result.items[0] as { id: string; collectionDate: string; cutoff: string };
    const detail = await payments('GET', `/api/admin/direct_debit/${open.id}/?page=1&perPage=100`);
    const debit = detail.json().result.debits.items[0] as { accountId: string; amount: number };
    await userModel(s.accountsDb).updateOne({ username: 'newbie' }, { $set: { accountId: debit.accountId } });
    // Spent after the cut-off: the batch still collects what was owed at its end; the rest waits for the next one.
    await sell(debit.accountId, 1, 1);
    const res = await s.accounts.inject({ method: 'GET', url: '/api/account/', headers: { authorization: `Bearer ${await loginAs(s.accounts, 'newbie')}` } });
    expect(res.statusCode, res.body).toBe(200);
    const self = res.json().result as { balance: number; sepa: { execDate: string; balance: number; cutoff: string | null } };
    expect(self.sepa).toMatchObject({ execDate: open.collectionDate, balance: debit.amount, cutoff: open.cutoff });
    expect(-self.balance).toBeGreaterThan(debit.amount);
  });
});
