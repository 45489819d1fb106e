import type { AuditLogEntry, Capability } from '@kassa/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { transactionModel } from '../../models/transaction.model';
import { type CheckoutStack, startCheckoutStack, TestClock } from '@kassa/test-stack';
import { loginAs } from '@kassa/test-stack/accounts';

const BAR: Capability[] = ['PAYMENT_CASH', 'PAYMENT_ACCOUNT_OTHER', 'PAYMENT_OTHER', 'PAYMENT_UNDO'];

describe('undoing a sale', () => {
  let s: CheckoutStack;
  const clock = new TestClock();
  const line = (i: number, amount = 1) => ({ id: s.products[i]!.id, amount });
  const undo = (id: string, caps: Capability[] = BAR) =>
    s.app.inject({ method: 'POST', url: `/api/transactions/${id}/undo/`, headers: { authorization: s.token(caps) } });
  const sell = async (method: string, body: object) => {
    const res = await s.pay(method, { nonce: randomUUID(), ...body }, BAR);
    expect(res.statusCode).toBe(200);
    return res.json().result as { transaction_id: string; total: number };
  };

  beforeAll(async () => {
    s = await startCheckoutStack(inject('mongoUri'), { clock });
  });
  afterAll(async () => {
    await s.close();
  });

  it('puts the money back once, however often undo is asked at once', async () => {
    const account = await s.createAccount('Spijt Optant', 5000);
    const sale = await sell('account', { products: [line(9, 3)], account_id: account });
    expect(await s.balance(account)).toBe(5000 - sale.total);

    const answers = await Promise.all(Array.from({ length: 8 }, () => undo(sale.transaction_id)));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json().result).toMatchObject({ transaction_id: sale.transaction_id, balance_after: 5000, accountName: 'Spijt Optant', undone: { by: 'tester' } });
    }
    expect(await s.balance(account)).toBe(5000);
    expect(await s.postingsWithKey(`undo:${sale.transaction_id}`)).toBe(1);

    const later = await undo(sale.transaction_id);
    expect(later.statusCode).toBe(200);
    const stored = await transactionModel(s.app.db).findById(sale.transaction_id).lean();
    expect(later.json().result.undone.at).toBe(stored!.undone!.at.toISOString());
    expect(await s.balance(account)).toBe(5000);
  });

  it("lets a register undo only its own register's sales, and answers another till as if the sale did not exist", async () => {
    const account = await s.createAccount('Andere Kassa', 3000);
    const tillA = { registerId: 'a1a1a1a1a1a1a1a1a1a1a1a1', sub: '64b7f0c2a1b2c3d4e5f60711', username: 'tap-a' };
    const tillB = { registerId: 'b2b2b2b2b2b2b2b2b2b2b2b2', sub: '64b7f0c2a1b2c3d4e5f60722', username: 'tap-b' };
    const res = await s.pay('account', { nonce: randomUUID(), products: [line(2)], account_id: account }, BAR, tillA);
    const id = res.json().result.transaction_id as string;
    const asB = await s.app.inject({ method: 'POST', url: `/api/transactions/${id}/undo/`, headers: { authorization: s.token(BAR, tillB) } });
    expect(asB.statusCode).toBe(404);
    expect(asB.json().errorIdentifier).toBe('not_found');
    const finishAsB = await s.app.inject({ method: 'POST', url: `/api/transactions/${id}/finish/`, headers: { authorization: s.token(BAR, tillB) } });
    expect(finishAsB.statusCode).toBe(404);
    expect(finishAsB.body).not.toContain('Andere Kassa');
    // The same register on another of its users may.
    const asA = await s.app.inject({ method: 'POST', url: `/api/transactions/${id}/undo/`, headers: { authorization: s.token(BAR, { ...tillA, sub: '64b7f0c2a1b2c3d4e5f60733' }) } });
    expect(asA.statusCode).toBe(200);
    expect(await s.balance(account)).toBe(3000);
  });

  it('needs the undo capability', async () => {
    const sale = await sell('cash', { products: [line(1)] });
    const res = await undo(sale.transaction_id, ['PAYMENT_CASH']);
    expect(res.statusCode).toBe(403);
    expect(res.json().errorIdentifier).toBe('insufficient_permissions');
  });

  it('lets a register undo only within ten minutes, and an administrator after that', async () => {
    const account = await s.createAccount('Te Laat', 2000);
    const sale = await sell('account', { products: [line(3)], account_id: account });
    clock.advance(10 * 60_000 + 1000);
    const late = await undo(sale.transaction_id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ errorIdentifier: 'undo_not_allowed', errorMessage: 'This sale is more than 10 minutes old; ask an administrator to undo it.' });
    expect(await s.balance(account)).toBe(2000 - sale.total);

    const notAdmin = await s.app.inject({ method: 'DELETE', url: `/api/admin/transactions/${sale.transaction_id}/`, headers: { authorization: s.token(BAR) } });
    expect(notAdmin.statusCode).toBe(403);
    const admin = await s.app.inject({
      method: 'DELETE',
      url: `/api/admin/transactions/${sale.transaction_id}/`,
      headers: { authorization: s.token([], { isAdmin: true, username: 'penningmeester' }) },
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().result).toMatchObject({ balance_after: 2000, undone: { by: 'penningmeester' } });
    expect(await s.balance(account)).toBe(2000);
    const tx = await transactionModel(s.app.db).findById(sale.transaction_id).lean();
    expect(tx!.undone).toMatchObject({ by: 'penningmeester', admin: true, note: 'Undone by administrator penningmeester' });
    expect(tx!.status).toBe('completed');
  });

  it('writes every till undo to the audit log once, with who and the sale before and after', async () => {
    const account = await s.createAccount('Audit Tap', 5000);
    const onAccount = await sell('account', { products: [line(9, 2)], account_id: account });
    const cash = await sell('cash', { products: [line(2)] });
    await Promise.all([undo(onAccount.transaction_id), undo(onAccount.transaction_id), undo(cash.transaction_id)]);
    expect((await undo(cash.transaction_id)).statusCode).toBe(200);

    const res = await s.accounts.inject({
      method: 'GET',
      url: '/api/admin/audit_logs?entity=transaction&action=transaction.undo',
      headers: { authorization: `Bearer ${await loginAs(s.accounts, 'admin')}` },
    });
    const entries = res.json().result.items as AuditLogEntry[];
    const of = (id: string) => entries.filter((e) => e.entityId === id);
    expect(of(onAccount.transaction_id)).toHaveLength(1);
    expect(of(onAccount.transaction_id)[0]).toMatchObject({
      actor: { username: 'tester' },
      service: 'checkout',
      before: { status: 'completed', method: 'account', total: onAccount.total, accountId: account, undone: null },
      after: { undone: { by: 'tester' }, balance_after: 5000, accountName: 'Audit Tap' },
    });
    expect(of(cash.transaction_id)).toHaveLength(1);
    expect(of(cash.transaction_id)[0]).toMatchObject({ before: { method: 'cash', total: cash.total }, after: { undone: { by: 'tester' } } });
  });

  it('marks a cash sale undone without touching any account', async () => {
    const sale = await sell('cash', { products: [line(2)] });
    const res = await undo(sale.transaction_id);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ balance_after: null, accountName: null });
    expect((await transactionModel(s.app.db).findById(sale.transaction_id).lean())!.undone).not.toBeNull();
  });

  it('reverses the top-up of a sale, and refuses while that money has been spent', async () => {
    const account = await s.createAccount('Snel Uitgegeven', 0);
    const topUp = await sell('cash', { products: [line(0)], upgrade_account_id: account, upgrade_amount: 1000 });
    expect(await s.balance(account)).toBe(1000);
    const spent = await sell('account', { products: [line(15)], account_id: account });

    const refused = await undo(topUp.transaction_id);
    expect(refused.json()).toMatchObject({ error: true, errorIdentifier: 'insufficient_credits' });
    expect(await s.balance(account)).toBe(1000 - spent.total);
    expect((await transactionModel(s.app.db).findById(topUp.transaction_id).lean())!.undone).toBeNull();

    expect((await undo(spent.transaction_id)).statusCode).toBe(200);
    const res = await undo(topUp.transaction_id);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ balance_after: 0, accountName: 'Snel Uitgegeven' });
    expect(await s.balance(account)).toBe(0);
    expect(await s.postingsWithKey(`undo:${topUp.transaction_id}:topup`)).toBe(1);
  });

  it('refuses to undo a sale that did not go through, and answers 404 for an unknown one', async () => {
    const account = await s.createAccount('Blut', 0);
    const failed = await s.pay('account', { products: [line(1)], account_id: account, nonce: randomUUID() }, BAR);
    const tx = await transactionModel(s.app.db).findOne({ 'target.accountId': account }).lean();
    expect(failed.json().errorIdentifier).toBe('insufficient_credits');
    const res = await undo(String(tx!._id));
    expect(res.statusCode).toBe(409);
    expect(res.json().errorIdentifier).toBe('undo_not_allowed');
    expect((await undo('65f0000000000000000000ff')).statusCode).toBe(404);
  });
});
