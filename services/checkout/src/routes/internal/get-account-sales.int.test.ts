import type { AccountSale, Capability } from '@kassa/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type CheckoutStack, startCheckoutStack, TestClock } from '@kassa/test-stack';

const BAR: Capability[] = ['PAYMENT_CASH', 'PAYMENT_ACCOUNT_OTHER', 'PAYMENT_OTHER', 'PAYMENT_UNDO'];
const TILL: Capability[] = ['PAYMENT_CASH', 'PAYMENT_ACCOUNT_AUTHED', 'PAYMENT_UNDO'];

describe('GET /internal/transactions/account-sales', () => {
  let s: CheckoutStack;
  const clock = new TestClock(new Date('2026-03-14T21:30:00Z'));
  const nonces: Record<string, string> = {};
  let payer = '';
  let topped = '';
  const sales = async (query = '') => {
    const res = await s.app.inject({ method: 'GET', url: `/internal/transactions/account-sales${query}`, headers: { 'x-internal-token': s.env.INTERNAL_TOKEN } });
    expect(res.statusCode).toBe(200);
    return res.json().result.sales as AccountSale[];
  };
  const byNonce = (list: AccountSale[], name: string) => list.find((x) => x.nonce === nonces[name]);

  beforeAll(async () => {
    s = await startCheckoutStack(inject('mongoUri'), { clock });
    payer = await s.createAccount('Betaalt Zelf', 3000);
    topped = await s.createAccount('Wordt Opgewaardeerd', 0);
    const sell = async (name: string, method: string, body: object, caps = BAR) => {
      nonces[name] = randomUUID();
      const res = await s.pay(method, { nonce: nonces[name], ...body }, caps);
      clock.advance(60_000);
      return res;
    };
    await sell('cash', 'cash', { products: [{ id: s.products[0]!.id, amount: 1 }] });
    await sell('account', 'account', { products: [{ id: s.products[1]!.id, amount: 2 }], account_id: payer });
    const undone = await sell('undone', 'account', { products: [{ id: s.products[2]!.id, amount: 1 }], account_id: payer });
    await s.app.inject({ method: 'POST', url: `/api/transactions/${undone.json().result.transaction_id}/undo/`, headers: { authorization: s.token(BAR) } });
    await sell('wrongPin', 'account', { products: [{ id: s.products[1]!.id, amount: 1 }], account_id: payer, pin: '9999' }, TILL);
    clock.advance(3600_000);
    await sell('topup', 'cash', { products: [], upgrade_account_id: topped, upgrade_amount: 2000 });
  });
  afterAll(async () => {
    await s.close();
  });

  it('answers the sales that moved money on accounts, with what the ledger audit compares', async () => {
    const list = await sales();
    expect(list).toHaveLength(4);
    expect(byNonce(list, 'cash')).toBeUndefined();
    const paid = byNonce(list, 'account');
    expect(paid).toMatchObject({ method: 'account', accountId: payer, status: 'completed', undone: false, topup: null });
    expect(paid!.total).toBe(2 * s.products[1]!.price);
    expect(byNonce(list, 'undone')).toMatchObject({ status: 'completed', undone: true });
    expect(byNonce(list, 'wrongPin')).toMatchObject({ status: 'cancelled', undone: false });
    expect(byNonce(list, 'topup')).toMatchObject({ method: 'cash', total: 0, status: 'completed', topup: { accountId: topped, amount: 2000, posted: true } });
  });

  it('leaves out sales made before `since`', async () => {
    const list = await sales(`?since=${encodeURIComponent('2026-03-14T22:00:00Z')}`);
    expect(list.map((x) => x.nonce)).toEqual([nonces.topup]);
  });

  it('is internal only', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/internal/transactions/account-sales', headers: { authorization: s.token(BAR, { isAdmin: true }) } });
    expect(res.statusCode).toBe(403);
  });
});
