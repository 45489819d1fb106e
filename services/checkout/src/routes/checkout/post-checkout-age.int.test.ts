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
  const setAgeCheck = async (ageCheck: 'off' | 'ask' | 'account') => {
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

  it("with 'account' sells 18+ products only on an account whose date of birth shows 18 or older on the day", async () => {
    const account = await s.createAccount('Jonge Gast', 5000);
    const bar = ['PAYMENT_CASH', 'PAYMENT_ACCOUNT_OTHER'] as const;
    const setBirth = (dateOfBirth: string | null) =>
      s.accounts.inject({ method: 'PATCH', url: `/api/admin/accounts/${account}/`, headers: { authorization: adminToken }, payload: { dateOfBirth } });
    const onAccount = (nonce = randomUUID()) => s.pay('account', { products: [{ id: pils().id, amount: 1 }], account_id: account, nonce }, [...bar]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
    const yearsAgo = (years: number, day = today) => `${Number(day.slice(0, 4)) - years}${day.slice(4)}`;
    await setAgeCheck('account');
    try {
      const nonce = randomUUID();
      const cash = await s.pay('cash', { products: [{ id: pils().id, amount: 1 }], nonce, ageConfirmed: true }, [...bar]);
      expect(cash.statusCode, cash.body).toBe(422);
      expect(cash.json().detail).toEqual([{ loc: ['body', 'products'], msg: 'This order holds an 18+ product: it is sold only on an account whose date of birth shows 18 or older.', type: 'value_error' }]);
      expect(await transactionModel(s.app.db).countDocuments({ nonce })).toBe(0);
      expect((await s.pay('cash', { products: [{ id: cola().id, amount: 1 }], nonce: randomUUID() }, [...bar])).statusCode).toBe(200);

      const none = await onAccount();
      expect(none.statusCode, none.body).toBe(409);
      expect(none.json()).toMatchObject({ errorIdentifier: 'age_not_shown', errorMessage: 'Jonge Gast has no date of birth on record: 18+ products are not sold on it.' });
      // Eighteen tomorrow: not yet.
      const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      expect((await setBirth(yearsAgo(18, tomorrow))).statusCode).toBe(200);
      const young = await onAccount();
      expect(young.statusCode, young.body).toBe(409);
      expect(young.json().errorMessage).toBe('Jonge Gast is not 18 or older by its date of birth: 18+ products are not sold on it.');
      expect(await s.balance(account)).toBe(5000);

      // Eighteen today: sold, and a retry of that sale answers it once.
      expect((await setBirth(yearsAgo(18))).json().result.dateOfBirth).toBe(yearsAgo(18));
      const retried = randomUUID();
      const [sold, again] = await Promise.all([onAccount(retried), onAccount(retried)]);
      expect([sold.statusCode, again.statusCode]).toEqual([200, 200]);
      expect(await s.balance(account)).toBe(5000 - pils().price);
      expect(await transactionModel(s.app.db).findOne({ nonce: retried }).lean()).toMatchObject({ adultsOn: today, status: 'completed' });

      const future = await setBirth(yearsAgo(-1));
      expect(future.statusCode).toBe(422);
      expect(future.json().detail[0]).toMatchObject({ loc: ['body', 'dateOfBirth'], msg: 'A date of birth lies between 1900 and today.' });
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
