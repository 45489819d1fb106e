import { AppError, internalClient, type InternalClient } from '@kassa/service-kit';
import { loginAs } from '@kassa/test-stack/accounts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { transactionModel } from '../../models/transaction.model';
import { type CheckoutStack, startCheckoutStack } from '@kassa/test-stack';

/** Products for adults (issue 49 §4): with the setting ageCheck 'ask', a sale of an 18+ product needs staff's confirmation. */
describe('the age check at checkout', () => {
  let s: CheckoutStack;
  let adminToken: string;
  const pils = () => s.products.find((p) => p.name === 'Pils')!;
  const cola = () => s.products.find((p) => p.name === 'Cola')!;
  const setAgeCheck = async (ageCheck: 'off' | 'ask') => {
    const res = await s.accounts.inject({ method: 'PUT', url: '/api/admin/settings/', headers: { authorization: adminToken }, payload: { ageCheck } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.ageCheck).toBe(ageCheck);
  };

  beforeAll(async () => {
    // Checkout keeps the setting no time at all here, so a test's change reaches its next sale (production: 2 s).
    s = await startCheckoutStack(inject('mongoUri'), { checkoutEnv: { SALES_SETTINGS_CACHE_MS: '0' } });
    adminToken = `Bearer ${await loginAs(s.accounts, 'admin')}`;
  });
  afterAll(async () => {
    await s.close();
  });

  it('the demo marks beer and wine 18+, not alcohol-free beer or soft drinks, and the till and the menu say so', async () => {
    const res = await s.catalog.inject({ method: 'GET', url: '/api/products/', headers: { authorization: s.token(['PAYMENT_CASH']) } });
    const products = (res.json().result.categories as { products: { name: string; adultsOnly: boolean }[] }[]).flatMap((c) => c.products);
    const adults = (name: string) => products.find((p) => p.name === name)?.adultsOnly;
    expect([adults('Pils'), adults('Rode wijn'), adults('Alcoholvrij bier'), adults('Cola')]).toEqual([true, true, false, false]);
    const menu = await s.catalog.inject({ method: 'GET', url: '/api/products/menu/' });
    expect(JSON.stringify(menu.json().result)).toContain('"name":"Pils","price":250,"deposit":false,"adultsOnly":true');
  });

  it("sells an 18+ product without asking while the setting is off (the default)", async () => {
    const res = await s.pay('cash', { products: [{ id: pils().id, amount: 1 }], nonce: randomUUID() }, ['PAYMENT_CASH']);
    expect(res.statusCode, res.body).toBe(200);
  });

  it("with 'ask' refuses an order holding an 18+ product without the confirmation, stores nothing, and sells it with it", async () => {
    await setAgeCheck('ask');
    try {
      const nonce = randomUUID();
      const body = { products: [{ id: cola().id, amount: 1 }, { id: pils().id, amount: 2 }], nonce, expectedTotal: cola().price + 2 * pils().price };
      const res = await s.pay('cash', body, ['PAYMENT_CASH']);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().detail).toEqual([{ loc: ['body', 'ageConfirmed'], msg: 'This order holds an 18+ product: confirm that the buyer is 18 or older.', type: 'value_error' }]);
      expect(await transactionModel(s.app.db).countDocuments({ nonce })).toBe(0);

      const sold = await s.pay('cash', { ...body, nonce: randomUUID(), ageConfirmed: true }, ['PAYMENT_CASH']);
      expect(sold.statusCode, sold.body).toBe(200);
      expect(sold.json().result.total).toBe(cola().price + 2 * pils().price);
      // Without an 18+ product nothing is asked.
      const soft = await s.pay('cash', { products: [{ id: cola().id, amount: 1 }], nonce: randomUUID() }, ['PAYMENT_CASH']);
      expect(soft.statusCode, soft.body).toBe(200);
    } finally {
      await setAgeCheck('off');
    }
  });

  it('answers a retried sale as it was booked, whatever the setting became since', async () => {
    const nonce = randomUUID();
    const body = { products: [{ id: pils().id, amount: 1 }], nonce };
    expect((await s.pay('cash', body, ['PAYMENT_CASH'])).statusCode).toBe(200);
    await setAgeCheck('ask');
    try {
      const again = await s.pay('cash', body, ['PAYMENT_CASH']);
      expect(again.statusCode, again.body).toBe(200);
      expect(await transactionModel(s.app.db).countDocuments({ nonce })).toBe(1);
    } finally {
      await setAgeCheck('off');
    }
  });

  it('holds a sale made now to the check while accounts cannot say the setting; a replayed offline sale is tried again later', async () => {
    const real = internalClient(s.env.ACCOUNTS_URL, s.env.INTERNAL_TOKEN);
    const settingsAway: InternalClient = (path, schema, o) =>
      path === '/internal/settings/sales' ? Promise.reject(new AppError(503, 'service_unavailable', 'connection reset')) : real(path, schema, o);
    const away = await s.anotherCheckout({ accounts: settingsAway });
    try {
      const sell = (body: object) => away.inject({ method: 'POST', url: '/api/checkout/cash/', headers: { authorization: s.token(['PAYMENT_CASH']) }, payload: body });
      const unconfirmed = await sell({ products: [{ id: pils().id, amount: 1 }], nonce: randomUUID() });
      expect(unconfirmed.statusCode, unconfirmed.body).toBe(422);
      expect(unconfirmed.json().detail[0].loc).toEqual(['body', 'ageConfirmed']);
      expect((await sell({ products: [{ id: pils().id, amount: 1 }], nonce: randomUUID(), ageConfirmed: true })).statusCode).toBe(200);
      expect((await sell({ products: [{ id: cola().id, amount: 1 }], nonce: randomUUID() })).statusCode).toBe(200);

      const replayed = { products: [{ id: pils().id, amount: 1 }], nonce: randomUUID(), madeAt: new Date().toISOString() };
      const replay = await sell(replayed);
      expect(replay.statusCode, replay.body).toBe(503);
      expect(await transactionModel(s.app.db).countDocuments({ nonce: replayed.nonce })).toBe(0);
      // Once accounts answers again (the setting is off) the same replay is booked.
      const again = await s.pay('cash', replayed, ['PAYMENT_CASH']);
      expect(again.statusCode, again.body).toBe(200);
    } finally {
      await away.close();
    }
  });
});
