import type { Capability, InvoiceView } from '@kassa/contracts';
import { loginAs } from '@kassa/test-stack/accounts';
import { type CheckoutStack, startCheckoutStack, TestClock } from '@kassa/test-stack';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const BAR: Capability[] = ['PAYMENT_CASH', 'PAYMENT_ACCOUNT_OTHER', 'PAYMENT_OTHER', 'PAYMENT_UNDO'];
const ADMIN = { isAdmin: true, username: 'penningmeester', sub: '64b7f0c2a1b2c3d4e5f60721' };
/** Prepares each credit note, so ADMIN's credit approves it (four eyes, issue 50 §5). */
const SECOND = { isAdmin: true, username: 'tweede', sub: '64b7f0c2a1b2c3d4e5f60722' };
const SENDER = { name: 'Studievereniging Kassa', address: 'Voorbeeldstraat 1\n1234 AB Utrecht', vatNumber: 'NL123456789B01', kvkNumber: '12345678', iban: 'NL91 ABNA 0417 1643 00', email: 'penningmeester@example.nl' };
const ROUNDS = 12;
const OPENING = 10_000;

/** Issue 45 §1: an invoice paid and credited at the same moment, on two checkout replicas, in both orders. */
describe('invoice pay and credit at once', () => {
  let s: CheckoutStack;
  const clock = new TestClock(new Date('2026-03-14T20:00:00Z'));

  beforeAll(async () => {
    s = await startCheckoutStack(inject('mongoUri'), { clock, replicas: true });
    const adminToken = `Bearer ${await loginAs(s.accounts, 'admin')}`;
    await s.accounts.inject({ method: 'PUT', url: '/api/admin/settings/', headers: { authorization: adminToken }, payload: { invoiceSender: SENDER } });
  });
  afterAll(async () => {
    await s.close();
  });

  // The ledger's own sum (the balance a replica shows may lag the other replica's posting by a moment).
  const ledgerBalance = async (account: string) => OPENING + (await s.postingsOf(account)).reduce((sum, p) => sum + p.amount, 0);
  const call = (replica: number, url: string) => s.checkoutApps[replica]!.inject({ method: 'POST', url, headers: { authorization: s.token([], ADMIN) } });

  it('ends with the money of the one action that won: a credited invoice has no payment standing, a paid one its payment once', async () => {
    const outcomes: string[] = [];
    const wrong: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const account = await s.createAccount(`Race ${round}`, OPENING);
      const sale = await s.pay('account', { nonce: randomUUID(), products: [{ id: s.products[0]!.id, amount: 2 }], account_id: account }, BAR);
      expect(sale.statusCode).toBe(200);
      const created = await s.app.inject({ method: 'POST', url: '/api/admin/invoices/', headers: { authorization: s.token([], ADMIN) }, payload: { accountId: account, from: '2026-03-14', to: '2026-03-14' } });
      const id = (created.json().result as InvoiceView).id;
      const final = (await call(0, `/api/admin/invoices/${id}/finalise/`)).json().result as InvoiceView;
      const before = await ledgerBalance(account);

      const prepared = await s.app.inject({ method: 'POST', url: `/api/admin/invoices/${id}/credit/`, headers: { authorization: s.token([], SECOND) } });
      expect(prepared.statusCode, prepared.body).toBe(202);
      const payFirst = round % 2 === 0;
      const pay = () => call(payFirst ? 0 : 1, `/api/admin/invoices/${id}/pay/`);
      const credit = () => call(payFirst ? 1 : 0, `/api/admin/invoices/${id}/credit/`);
      const [paid, credited] = payFirst ? await Promise.all([pay(), credit()]) : await Promise.all([credit(), pay()]).then(([c, p]) => [p, c]);

      const status = (await s.app.inject({ method: 'GET', url: `/api/admin/invoices/${id}/`, headers: { authorization: s.token([], ADMIN) } })).json().result.status as string;
      const payments = await s.postingsWithKey(`invoice:${id}:paid`);
      const reversals = await s.postingsWithKey(`invoice:${id}:credited`);
      const balance = await ledgerBalance(account);
      const codes = `pay ${paid!.statusCode}, credit ${credited!.statusCode}`;
      outcomes.push(`${codes} -> ${status}`);
      const losers = [paid!, credited!].filter((r) => r.statusCode !== 200);
      for (const loser of losers) {
        expect(loser.json(), `round ${round}: ${codes}`).toMatchObject({ error: true, errorCode: 409, errorIdentifier: 'conflict' });
        expect(loser.json().errorMessage).toMatch(/^(This invoice already went from final to (paid|credited)|Invoice \d{4}-\d{4} was reversed by credit note)/);
      }
      expect(losers.length, `round ${round}: ${codes}`).toBeLessThan(2);
      // Credited: any payment taken back, so the account owes the sales again. Paid: its payment once.
      const right =
        status === 'credited'
          ? credited!.statusCode === 200 && payments === reversals && balance === before
          : status === 'paid' && credited!.statusCode === 409 && payments === 1 && reversals === 0 && balance === before + final.total;
      if (!right) wrong.push(`round ${round}: ${codes}, ${status}, ${payments} payment(s), ${reversals} reversal(s), balance moved ${balance - before}`);
    }
    expect(wrong, `${wrong.length} of ${ROUNDS} rounds with money wrong`).toEqual([]);
    // Both actions really met: some round had a loser.
    expect(outcomes.some((o) => o.includes('409')), outcomes.join('; ')).toBe(true);
  });
});
