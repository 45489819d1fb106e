import { formatEuros, type AuditLogEntry, type Capability, type TerminalOutcome } from '@kassa/contracts';
import { loginAs } from '@kassa/test-stack/accounts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { transactionModel } from '../../models/transaction.model';
import { type CheckoutStack, startCheckoutStack } from '@kassa/test-stack';

const TILL: Capability[] = ['PAYMENT_CARD', 'PAYMENT_CASH', 'PAYMENT_ACCOUNT_OTHER', 'PAYMENT_UNDO'];
/** Long enough that the payment is certainly still pending while the test looks at it. */
const HELD = 600_000;

describe('card sales through the stand-in terminal', () => {
  let s: CheckoutStack;
  const line = (i: number, amount = 1) => ({ id: s.products[i]!.id, amount });
  const finish = (id: string) => s.app.inject({ method: 'POST', url: `/api/transactions/${id}/finish/`, headers: { authorization: s.token(TILL) } });
  const cardStatus = (id: string) =>
    s.payments!.inject({ method: 'GET', url: `/api/transactions/card/${id}/status/`, headers: { authorization: s.token(TILL) } });
  const planTerminal = async (outcomes: TerminalOutcome[], delayMs: number) => {
    const res = await s.payments!.inject({
      method: 'PUT',
      url: '/api/admin/terminal/standin',
      headers: { authorization: s.token([], { isAdmin: true }) },
      payload: { outcomes, delayMs },
    });
    expect(res.statusCode).toBe(200);
  };
  const payByCard = async (body: object) => {
    const res = await s.pay('card', { nonce: randomUUID(), ...body }, TILL);
    expect(res.statusCode).toBe(200);
    return res.json().result as { transaction_id: string; total: number; status: string; terminal: unknown };
  };
  /** Waits for the terminal's final answer to reach checkout; the till polls the same way. */
  const settled = (id: string) => expect.poll(async () => (await finish(id)).json().errorIdentifier, { timeout: 20_000, interval: 50 }).not.toBe('payment_not_finished');

  beforeAll(async () => {
    s = await startCheckoutStack(inject('mongoUri'), { card: true });
  });
  afterAll(async () => {
    await s.close();
  });

  it('starts a card sale, keeps it unfinishable while pending, and finishes it once the terminal approved', async () => {
    await planTerminal(['completed'], HELD);
    const held = await payByCard({ products: [line(5)] });
    expect(held).toMatchObject({ status: 'pending', total: s.products[5]!.price, terminal: { friendly_name: 'Stand-in terminal', brand: 'standin' } });
    const early = await finish(held.transaction_id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ errorIdentifier: 'payment_not_finished', errorMessage: 'The payment is not finished yet.' });
    expect((await cardStatus(held.transaction_id)).json().result).toMatchObject({ status: 'pending', failed: false, price: s.products[5]!.price });

    await planTerminal(['completed'], 0);
    const sale = await payByCard({ products: [line(3, 2)] });
    await settled(sale.transaction_id);
    const done = await finish(sale.transaction_id);
    expect(done.statusCode).toBe(200);
    expect(done.json().result).toMatchObject({ transaction_id: sale.transaction_id, status: 'completed', total: 2 * s.products[3]!.price, terminal: { brand: 'standin' } });
    expect((await cardStatus(sale.transaction_id)).json().result).toMatchObject({ status: 'completed', failed: false });
  });

  it('answers the same sale to a repeated card checkout with the same nonce', async () => {
    await planTerminal(['completed'], HELD);
    const n = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => s.pay('card', { products: [line(1)], nonce: n }, TILL)));
    const ids = new Set(answers.map((r) => r.json().result.transaction_id));
    expect(ids.size).toBe(1);
    expect(await transactionModel(s.app.db).countDocuments({ nonce: n })).toBe(1);
  });

  it('fails a sale the terminal let expire or that was cancelled there', async () => {
    await planTerminal(['expired', 'cancelled'], 0);
    const expired = await payByCard({ products: [line(2)] });
    const cancelled = await payByCard({ products: [line(2)] });
    await settled(expired.transaction_id);
    await settled(cancelled.transaction_id);
    expect((await finish(expired.transaction_id)).json()).toMatchObject({ error: true, errorCode: 409, errorIdentifier: 'transaction_not_finishable', errorMessage: 'Payment has expired' });
    expect((await finish(cancelled.transaction_id)).json()).toMatchObject({ errorIdentifier: 'transaction_not_finishable', errorMessage: 'Payment has been cancelled' });
    expect(await transactionModel(s.app.db).findById(expired.transaction_id).lean()).toMatchObject({ status: 'expired' });
    expect(await transactionModel(s.app.db).findById(cancelled.transaction_id).lean()).toMatchObject({ status: 'cancelled' });
    expect((await cardStatus(cancelled.transaction_id)).json().result).toMatchObject({ status: 'cancelled', failed: true });
  });

  it('credits a top-up paid by card only once the terminal approved it', async () => {
    const account = await s.createAccount('Pin Opwaarder', 200);
    await planTerminal(['completed'], HELD);
    const waiting = await payByCard({ products: [], upgrade_account_id: account, upgrade_amount: 1000 });
    expect(waiting).toMatchObject({ status: 'pending', total: 1000 });
    expect(await s.balance(account)).toBe(200);

    await planTerminal(['cancelled', 'completed'], 0);
    const refused = await payByCard({ products: [line(0)], upgrade_account_id: account, upgrade_amount: 2000 });
    const paid = await payByCard({ products: [line(0)], upgrade_account_id: account, upgrade_amount: 500 });
    await settled(refused.transaction_id);
    await settled(paid.transaction_id);
    expect((await finish(paid.transaction_id)).json().result).toMatchObject({ status: 'completed', balance_after: 700, accountName: 'Pin Opwaarder', total: s.products[0]!.price + 500 });
    expect(await s.balance(account)).toBe(700);
    expect(await s.postingsWithKey(`checkout:${(await transactionModel(s.app.db).findById(refused.transaction_id).lean())!.nonce}:topup`)).toBe(0);
  });

  it('undoes a card sale at the till once the staff member confirms the refund at the terminal, audited with who confirmed', async () => {
    const account = await s.createAccount('Kaart Terug', 0);
    await planTerminal(['completed'], 0);
    const sale = await payByCard({ products: [line(4)], upgrade_account_id: account, upgrade_amount: 700 });
    await settled(sale.transaction_id);
    expect(await s.balance(account)).toBe(700);
    const undo = () =>
      s.app.inject({ method: 'POST', url: `/api/transactions/${sale.transaction_id}/undo/`, headers: { authorization: s.token(TILL, { username: 'barvrijwilliger' }) }, payload: { refundConfirmed: true } });
    const [first, second] = await Promise.all([undo(), undo()]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(await s.balance(account)).toBe(0);
    const stored = await transactionModel(s.app.db).findById(sale.transaction_id).lean();
    expect(stored!.undone).toMatchObject({ by: 'barvrijwilliger', admin: false, note: 'Refunded at the terminal, confirmed by barvrijwilliger' });
    const admin = `Bearer ${await loginAs(s.accounts, 'admin')}`;
    await expect
      .poll(async () => {
        const res = await s.accounts.inject({ method: 'GET', url: `/api/admin/audit_logs?entity=transaction&entityId=${sale.transaction_id}`, headers: { authorization: admin } });
        return (res.json().result.items as AuditLogEntry[]).map((e) => ({ action: e.action, who: e.actor.username, after: e.after }));
      })
      .toEqual([{ action: 'transaction.card_refund', who: 'barvrijwilliger', after: expect.objectContaining({ refundedAt: 'terminal', confirmedBy: 'barvrijwilliger' }) }]);
  });

  it('leaves a completed card sale to be refunded at the terminal; an administrator then undoes it and its top-up', async () => {
    const account = await s.createAccount('Terug Betaald', 0);
    await planTerminal(['completed'], 0);
    const sale = await payByCard({ products: [line(4)], upgrade_account_id: account, upgrade_amount: 1500 });
    await settled(sale.transaction_id);
    expect(await s.balance(account)).toBe(1500);

    const byTill = await s.app.inject({ method: 'POST', url: `/api/transactions/${sale.transaction_id}/undo/`, headers: { authorization: s.token(TILL) } });
    expect(byTill.statusCode).toBe(409);
    expect(byTill.json()).toMatchObject({ errorIdentifier: 'undo_not_allowed', errorMessage: `Refund ${formatEuros(sale.total)} at the terminal first, then confirm the refund.` });
    expect(await s.balance(account)).toBe(1500);

    const byAdmin = await s.app.inject({ method: 'DELETE', url: `/api/admin/transactions/${sale.transaction_id}/`, headers: { authorization: s.token([], { isAdmin: true }) } });
    expect(byAdmin.statusCode).toBe(200);
    expect(await s.balance(account)).toBe(0);
  });
});
