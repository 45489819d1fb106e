import type { Capability } from '@kassa/contracts';
import { localDay } from '@kassa/service-kit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { transactionModel } from '../../models/transaction.model';
import { type CheckoutStack, startCheckoutStack } from '@kassa/test-stack';

/** Deposits as money (issue 50 §6, docs/decisions.md "Deposits as money"), on the real services and FerretDB. */
const BAR: Capability[] = ['PAYMENT_CASH', 'PAYMENT_ACCOUNT_OTHER', 'PAYMENT_OTHER', 'PAYMENT_CARD', 'PAYMENT_UNDO', 'DEPOSIT_RETURN'];
const nonce = () => randomUUID();

describe('deposits at checkout', () => {
  let s: CheckoutStack;
  /** The demo crate: price € 3,90 and a deposit of € 3,90. */
  const crate = () => s.depositProducts.find((p) => p.name.startsWith('Krat'))!;
  const journal = async () =>
    (await s.app.inject({ method: 'GET', url: `/internal/sales/journal?day=${localDay(new Date(), 'Europe/Amsterdam')}`, headers: { 'x-internal-token': s.env.INTERNAL_TOKEN } })).json().result;

  beforeAll(async () => {
    s = await startCheckoutStack(inject('mongoUri'));
  });
  afterAll(async () => {
    await s.close();
  });

  it('the demo crate and bottles carry a deposit amount', () => {
    expect(s.depositProducts.map((p) => [p.name, p.deposit])).toEqual(
      expect.arrayContaining([
        ['Krat pils (statiegeld)', 390],
        ['Fles pils', 10],
        ['Fles cola (statiegeld)', 25],
      ]),
    );
  });

  it('charges the price plus the deposit for a product with a deposit, and keeps the deposit on the line', async () => {
    const k = crate();
    const res = await s.pay('cash', { products: [{ id: k.id, amount: 2 }, { id: s.products[0]!.id, amount: 1 }], nonce: nonce(), expectedTotal: 2 * (k.price + k.deposit) + s.products[0]!.price }, ['PAYMENT_CASH']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.total).toBe(2 * (k.price + k.deposit) + s.products[0]!.price);
    const tx = await transactionModel(s.app.db).findById(res.json().result.transaction_id).lean();
    expect(tx!.products.map((p) => [p.name, p.price, p.deposit, p.amount])).toEqual([
      [k.name, k.price, k.deposit, 2],
      [s.products[0]!.name, s.products[0]!.price, 0, 1],
    ]);
  });

  it('pays a cash deposit return out of the drawer: a negative, deposit-only sale', async () => {
    const k = crate();
    const res = await s.pay('cash', { products: [], returns: [{ id: k.id, amount: 2 }], nonce: nonce(), expectedTotal: -2 * k.deposit }, BAR);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ total: -2 * k.deposit, status: 'completed' });
    const tx = await transactionModel(s.app.db).findById(res.json().result.transaction_id).lean();
    expect(tx!.products).toEqual([]);
    expect(tx!.returns).toEqual([{ productId: k.id, name: k.name, deposit: k.deposit, amount: 2 }]);
  });

  it('refuses a return without the DEPOSIT_RETURN capability, by card or "other", and of a product without a deposit', async () => {
    const k = crate();
    const without = await s.pay('cash', { products: [], returns: [{ id: k.id, amount: 1 }], nonce: nonce() }, ['PAYMENT_CASH']);
    expect(without.statusCode).toBe(403);
    for (const [method, extra] of [
      ['card', {}],
      ['other', { reason: 'Bestuur' }],
    ] as const) {
      const res = await s.pay(method, { products: [{ id: s.products[3]!.id, amount: 3 }], returns: [{ id: k.id, amount: 1 }], nonce: nonce(), ...extra }, BAR);
      expect(res.statusCode, method).toBe(422);
      expect(res.json().detail).toEqual([expect.objectContaining({ loc: ['body', 'returns'], msg: 'A deposit return is paid out in cash or credited to an account.' })]);
    }
    const plain = await s.pay('cash', { products: [], returns: [{ id: s.products[0]!.id, amount: 1 }], nonce: nonce() }, BAR);
    expect(plain.statusCode).toBe(422);
    expect(plain.json().detail).toEqual([{ loc: ['body', 'returns', 0, 'id'], msg: `${s.products[0]!.name} has no deposit to return.`, type: 'value_error' }]);
    const odd = await s.pay('cash', { products: [], returns: [{ id: k.id, amount: -1 }], nonce: nonce() }, BAR);
    expect(odd.statusCode).toBe(422);
    expect(await transactionModel(s.app.db).countDocuments({ 'returns.0': { $exists: true }, status: { $ne: 'completed' } })).toBe(0);
  });

  it('credits a return to an account (never below zero), and its undo takes the credit back', async () => {
    const k = crate();
    const account = await s.createAccount('Kratje Terug', 0);
    const res = await s.pay('account', { products: [], returns: [{ id: k.id, amount: 1 }], account_id: account, nonce: nonce() }, BAR);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ total: -k.deposit, balance_after: k.deposit, accountName: 'Kratje Terug' });
    expect(await s.balance(account)).toBe(k.deposit);
    // A purchase larger than the return and the balance together is refused: the account never goes below zero.
    const tooMuch = await s.pay('account', { products: [{ id: s.products[10]!.id, amount: 5 }], returns: [{ id: k.id, amount: 1 }], account_id: account, nonce: nonce() }, BAR);
    expect(tooMuch.json()).toMatchObject({ error: true, errorIdentifier: 'insufficient_credits' });
    expect(await s.balance(account)).toBe(k.deposit);
    const undo = await s.app.inject({ method: 'POST', url: `/api/transactions/${res.json().result.transaction_id}/undo/`, headers: { authorization: s.token(BAR) } });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await s.balance(account)).toBe(0);
  });

  it("sums the day's deposits charged against deposits returned for the journal, counting an undo back", async () => {
    const k = crate();
    const before = (await journal()).deposits;
    const sold = await s.pay('cash', { products: [{ id: k.id, amount: 3 }], nonce: nonce() }, BAR);
    expect(sold.statusCode).toBe(200);
    const returned = await s.pay('cash', { products: [], returns: [{ id: k.id, amount: 2 }], nonce: nonce() }, BAR);
    expect(returned.statusCode).toBe(200);
    const undone = await s.pay('cash', { products: [], returns: [{ id: k.id, amount: 1 }], nonce: nonce() }, BAR);
    const undo = await s.app.inject({ method: 'POST', url: `/api/transactions/${undone.json().result.transaction_id}/undo/`, headers: { authorization: s.token(BAR) } });
    expect(undo.statusCode, undo.body).toBe(200);
    const after = (await journal()).deposits;
    expect({
      charged: after.charged - before.charged,
      chargedUnits: after.chargedUnits - before.chargedUnits,
      returned: after.returned - before.returned,
      returnedUnits: after.returnedUnits - before.returnedUnits,
    }).toEqual({ charged: 3 * k.deposit, chargedUnits: 3, returned: 2 * k.deposit, returnedUnits: 2 });
    // The deposits are not revenue: the day's revenue holds the crates' price only.
    const day = await journal();
    const total = (rows: { total: number }[]) => rows.reduce((sum, r) => sum + r.total, 0);
    const revenue = day.revenue.reduce((sum: number, r: { gross: number }) => sum + r.gross, 0);
    expect(total(day.byMethod) - total(day.undoneByMethod)).toBe(revenue + day.deposits.charged - day.deposits.returned);
  });
});
