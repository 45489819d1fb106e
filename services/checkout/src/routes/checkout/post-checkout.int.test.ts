import { LIVE_TRANSACTIONS_CHANNEL, type Capability, type LiveTransaction, type LiveUndo } from '@kassa/contracts';
import { createRedis } from '@kassa/service-kit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { transactionModel } from '../../models/transaction.model';
import { loginAs } from '@kassa/test-stack/accounts';
import { type CheckoutStack, startCheckoutStack } from '@kassa/test-stack';

const nonce = () => randomUUID();
/** A sale or an undo as the slide hears it (an undo has only id, at and undoes). */
type Heard = LiveTransaction & Partial<LiveUndo>;

describe('POST /api/checkout/{method}/', () => {
  let s: CheckoutStack;
  const line = (i: number, amount = 1) => ({ id: s.products[i]!.id, amount });
  const price = (i: number) => s.products[i]!.price;
  /** What checkout announces on the live feed from now on, as the slides receive it. */
  const listenToLiveFeed = async () => {
    const sub = createRedis(s.env.REDIS_URL, { forWorker: true });
    const received: Heard[] = [];
    sub.on('message', (_channel: string, message: string) => received.push(JSON.parse(message) as Heard));
    await sub.subscribe(`${s.env.QUEUE_PREFIX}:${LIVE_TRANSACTIONS_CHANNEL}`);
    return { sub, received };
  };

  /** The board's "Names on the live slide" (accounts' settings document, as its admin page saves it). */
  const slideShowsNames = (on: boolean) => s.accountsDb.collection('settings').updateOne({ key: 'global' }, { $set: { slideShowsNames: on } }, { upsert: true });

  beforeAll(async () => {
    s = await startCheckoutStack(inject('mongoUri'));
  });
  afterAll(async () => {
    await s.close();
  });

  it('sells for cash at the catalog prices, whatever else the till sends', async () => {
    const n = nonce();
    const res = await s.pay('cash', { products: [line(3, 2), line(7)], nonce: n, total: 1, price: 1 }, ['PAYMENT_CASH']);
    expect(res.statusCode).toBe(200);
    const result = res.json().result;
    expect(result).toMatchObject({ total: 2 * price(3) + price(7), status: 'completed', balance_after: null, accountName: null, terminal: null });
    const tx = await transactionModel(s.app.db).findById(result.transaction_id).lean();
    expect(tx).toMatchObject({ nonce: n, method: 'cash', paymentMethod: 'cash_payment', status: 'completed', total: result.total });
    expect(tx!.products.map((p) => [p.name, p.price, p.amount])).toEqual([
      [s.products[3]!.name, price(3), 2],
      [s.products[7]!.name, price(7), 1],
    ]);
    expect(tx!.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('refuses a new sale whose catalogue prices add up to another amount than the till asked (price_changed), books the asked one', async () => {
    const asked = 2 * price(3) + price(7);
    const stale = await s.pay('cash', { products: [line(3, 2), line(7)], nonce: nonce(), expectedTotal: asked + 50 }, ['PAYMENT_CASH']);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: true, errorIdentifier: 'price_changed' });
    expect(stale.json().errorMessage).toContain(`${(asked / 100).toFixed(2).replace('.', ',')}`);
    const n = nonce();
    const res = await s.pay('cash', { products: [line(3, 2), line(7)], nonce: n, expectedTotal: asked }, ['PAYMENT_CASH']);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.total).toBe(asked);
    expect(await transactionModel(s.app.db).countDocuments({ total: asked + 50 })).toBe(0);
  });

  it('takes an account sale off the balance with the right PIN and refuses a wrong one', async () => {
    const account = await s.createAccount('Pieter Pinnig', 5000);
    const body = { products: [line(10), line(2, 3)], account_id: account };
    const total = price(10) + 3 * price(2);

    const wrong = await s.pay('account', { ...body, pin: '9999', nonce: nonce() }, ['PAYMENT_ACCOUNT_AUTHED']);
    expect(wrong.json()).toMatchObject({ error: true, errorIdentifier: 'invalid_account_pin' });
    expect(await s.balance(account)).toBe(5000);

    const missing = await s.pay('account', { ...body, nonce: nonce() }, ['PAYMENT_ACCOUNT_AUTHED']);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail).toEqual([expect.objectContaining({ loc: ['body', 'pin'] })]);

    const res = await s.pay('account', { ...body, pin: '1234', nonce: nonce() }, ['PAYMENT_ACCOUNT_AUTHED']);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ balance_after: 5000 - total, accountName: 'Pieter Pinnig', total, status: 'completed' });
    expect(await s.balance(account)).toBe(5000 - total);
  });

  it('pays from an account without a PIN in bar mode', async () => {
    const account = await s.createAccount('Bar Modus', 1000);
    const res = await s.pay('account', { products: [line(0)], account_id: account, nonce: nonce() }, ['PAYMENT_ACCOUNT_OTHER']);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.balance_after).toBe(1000 - price(0));
    expect(await s.balance(account)).toBe(1000 - price(0));
  });

  it('pays from the account linked to a member card without a PIN, and names an unknown card', async () => {
    const account = await s.createAccount('Kaart Houder', 2000);
    const secret = `$card-${randomUUID()}`;
    const linked = await s.accounts.inject({
      method: 'POST',
      url: '/api/reader/register/',
      // The accounts service knows its users: a bar till signed in for real links the card.
      headers: { authorization: `Bearer ${await loginAs(s.accounts, 'bar')}` },
      payload: { cardSecret: secret, accountId: account, pin: '1234' },
    });
    expect(linked.statusCode).toBe(200);
    const res = await s.pay('account', { products: [line(4)], cardSecret: secret, nonce: nonce() }, ['PAYMENT_ACCOUNT_AUTHED']);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ accountName: 'Kaart Houder', balance_after: 2000 - price(4) });

    const unknown = await s.pay('account', { products: [line(4)], cardSecret: `$card-${randomUUID()}`, nonce: nonce() }, ['PAYMENT_ACCOUNT_AUTHED']);
    expect(unknown.json()).toMatchObject({ error: true, errorIdentifier: 'unknown_card_secret' });
  });

  it('refuses the card reader of a till that read 10 unknown cards in 10 minutes; known cards do not count', async () => {
    const account = await s.createAccount('Bekende Kaart', 5000);
    const known = `$card-${randomUUID()}`;
    await s.accounts.inject({
      method: 'POST',
      url: '/api/reader/register/',
      // The accounts service knows its users: a bar till signed in for real links the card.
      headers: { authorization: `Bearer ${await loginAs(s.accounts, 'bar')}` },
      payload: { cardSecret: known, accountId: account, pin: '1234' },
    });
    const till = { registerId: 'c3c3c3c3c3c3c3c3c3c3c3c3' };
    const read = (cardSecret: string) => s.pay('account', { products: [line(1)], cardSecret, nonce: nonce() }, ['PAYMENT_ACCOUNT_AUTHED'], till);
    for (let i = 0; i < 3; i++) expect((await read(known)).statusCode).toBe(200);
    const guesses = await Promise.all(Array.from({ length: 14 }, () => read(`$guess-${randomUUID()}`)));
    expect(guesses.filter((r) => r.json().errorIdentifier === 'unknown_card_secret')).toHaveLength(10);
    const refused = guesses.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(4);
    expect(refused[0]!.json().errorMessage).toMatch(/^Too many unknown cards at this till\. Try again in \d+ minutes?\.$/);
    expect((await read(known)).statusCode).toBe(429);
    // Another till's reader still works.
    expect((await s.pay('account', { products: [line(1)], cardSecret: known, nonce: nonce() }, ['PAYMENT_ACCOUNT_AUTHED'], { registerId: 'd4d4d4d4d4d4d4d4d4d4d4d4' })).statusCode).toBe(200);
  });

  it("pays from the signed-in user's own account", async () => {
    const before = await s.balance(s.memberAccountId);
    const res = await s.pay('self', { products: [line(1)], nonce: nonce() }, ['PAYMENT_ACCOUNT_SELF'], { sub: s.memberUserId, username: 'member' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ accountName: 'Marit de Member', balance_after: before - price(1) });
    expect(await s.balance(s.memberAccountId)).toBe(before - price(1));

    const stranger = await s.pay('self', { products: [line(1)], nonce: nonce() }, ['PAYMENT_ACCOUNT_SELF'], { sub: '65f000000000000000000001' });
    expect(stranger.json()).toMatchObject({ error: true, errorIdentifier: 'no_linked_account' });
  });

  it('records an "other" payment with its reason, and asks for the reason', async () => {
    const res = await s.pay('other', { products: [line(5, 4)], reason: 'Bestuur', nonce: nonce() }, ['PAYMENT_OTHER']);
    expect(res.statusCode).toBe(200);
    const tx = await transactionModel(s.app.db).findById(res.json().result.transaction_id).lean();
    expect(tx).toMatchObject({ method: 'other', paymentMethod: 'other_payment', reason: 'Bestuur', status: 'completed', total: 4 * price(5) });

    const noReason = await s.pay('other', { products: [line(5)], nonce: nonce() }, ['PAYMENT_OTHER']);
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().detail).toEqual([{ loc: ['body', 'reason'], msg: 'field required', type: 'missing' }]);
  });

  it('refuses every method to a register without its capability, and writes nothing', async () => {
    const account = await s.createAccount('Niet Voor Jou', 5000);
    const cases: [string, object, Capability[]][] = [
      ['cash', {}, ['PAYMENT_CARD', 'PAYMENT_OTHER', 'PAYMENT_ACCOUNT_OTHER', 'PAYMENT_ACCOUNT_AUTHED', 'PAYMENT_ACCOUNT_SELF', 'PAYMENT_UNDO']],
      ['card', {}, ['PAYMENT_CASH', 'PAYMENT_OTHER', 'PAYMENT_ACCOUNT_OTHER', 'PAYMENT_ACCOUNT_AUTHED', 'PAYMENT_ACCOUNT_SELF', 'PAYMENT_UNDO']],
      ['account', { account_id: account, pin: '1234' }, ['PAYMENT_CASH', 'PAYMENT_CARD', 'PAYMENT_OTHER', 'PAYMENT_ACCOUNT_SELF', 'PAYMENT_UNDO']],
      ['self', {}, ['PAYMENT_CASH', 'PAYMENT_CARD', 'PAYMENT_OTHER', 'PAYMENT_ACCOUNT_OTHER', 'PAYMENT_ACCOUNT_AUTHED', 'PAYMENT_UNDO']],
      ['other', { reason: 'Bestuur' }, ['PAYMENT_CASH', 'PAYMENT_CARD', 'PAYMENT_ACCOUNT_OTHER', 'PAYMENT_ACCOUNT_AUTHED', 'PAYMENT_ACCOUNT_SELF', 'PAYMENT_UNDO']],
    ];
    for (const [method, extra, caps] of cases) {
      const n = nonce();
      const res = await s.pay(method, { products: [line(0)], nonce: n, ...extra }, caps, { sub: s.memberUserId });
      expect(res.statusCode, method).toBe(403);
      expect(res.json(), method).toMatchObject({ error: true, errorIdentifier: 'insufficient_permissions', errorMessage: 'No permission' });
      expect(await transactionModel(s.app.db).countDocuments({ nonce: n })).toBe(0);
    }
    const unsigned = await s.app.inject({ method: 'POST', url: '/api/checkout/cash/', payload: { products: [line(0)], nonce: nonce() } });
    expect(unsigned.statusCode).toBe(401);
    expect(await s.balance(account)).toBe(5000);
  });

  it('refuses products that are not for sale and an empty cart without a top-up', async () => {
    const unknown = await s.pay('cash', { products: [line(0), { id: '65f0000000000000000000aa', amount: 1 }], nonce: nonce() }, ['PAYMENT_CASH']);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail).toEqual([{ loc: ['body', 'products', 1, 'id'], msg: 'This product does not exist or is no longer for sale.', type: 'value_error' }]);

    const empty = await s.pay('cash', { products: [], nonce: nonce() }, ['PAYMENT_CASH']);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail[0].loc).toEqual(['body', 'products']);
  });

  it('credits a cash top-up at once, also with an empty cart, and refuses a top-up with an account payment', async () => {
    const account = await s.createAccount('Op Waardering', 300);
    const res = await s.pay('cash', { products: [], upgrade_account_id: account, upgrade_amount: 1000, nonce: nonce() }, ['PAYMENT_CASH', 'PAYMENT_ACCOUNT_OTHER']);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ total: 1000, balance_after: 1300, accountName: 'Op Waardering', status: 'completed' });
    expect(await s.balance(account)).toBe(1300);

    // The top-up rounds the new total up to whole euros (SPEC 5), so it may carry cents.
    const rounding = Math.ceil((price(2) + 500) / 100) * 100 - price(2);
    const withSale = await s.pay('cash', { products: [line(2)], upgrade_account_id: account, upgrade_amount: rounding, nonce: nonce() }, ['PAYMENT_CASH', 'PAYMENT_ACCOUNT_OTHER']);
    expect(withSale.json().result).toMatchObject({ total: price(2) + rounding, balance_after: 1300 + rounding });

    const onAccount = await s.pay('account', { products: [line(2)], account_id: account, upgrade_account_id: account, upgrade_amount: 500, nonce: nonce() }, ['PAYMENT_ACCOUNT_OTHER']);
    expect(onAccount.statusCode).toBe(422);
    const nothing = await s.pay('cash', { products: [], upgrade_account_id: account, upgrade_amount: 0, nonce: nonce() }, ['PAYMENT_CASH', 'PAYMENT_ACCOUNT_OTHER']);
    expect(nothing.statusCode).toBe(422);
    const notBar = await s.pay('cash', { products: [], upgrade_account_id: account, upgrade_amount: 500, nonce: nonce() }, ['PAYMENT_CASH']);
    expect(notBar.statusCode).toBe(403);
    expect(await s.balance(account)).toBe(1300 + rounding);
  });

  it('answers insufficient_credits, keeps the sale cancelled and answers a retry of that nonce the same', async () => {
    const account = await s.createAccount('Krap Bij Kas', 100);
    const n = nonce();
    const body = { products: [line(20)], account_id: account, nonce: n };
    const first = await s.pay('account', body, ['PAYMENT_ACCOUNT_OTHER']);
    expect(first.json()).toMatchObject({ error: true, errorIdentifier: 'insufficient_credits', errorMessage: 'Krap Bij Kas has insufficient credits in account.' });
    // Money arrives in the meantime: the cancelled sale still does not go through under its old nonce.
    await s.pay('cash', { products: [], upgrade_account_id: account, upgrade_amount: 10_000, nonce: nonce() }, ['PAYMENT_CASH', 'PAYMENT_ACCOUNT_OTHER']);
    const retry = await s.pay('account', body, ['PAYMENT_ACCOUNT_OTHER']);
    expect(retry.statusCode).toBe(first.statusCode);
    expect(retry.json()).toEqual(first.json());
    expect(await transactionModel(s.app.db).findOne({ nonce: n }).lean()).toMatchObject({ status: 'cancelled' });
    expect(await s.balance(account)).toBe(10_100);
  });

  it('refuses a nonce reused for another purchase', async () => {
    const n = nonce();
    expect((await s.pay('cash', { products: [line(1)], nonce: n }, ['PAYMENT_CASH'])).statusCode).toBe(200);
    const other = await s.pay('cash', { products: [line(2)], nonce: n }, ['PAYMENT_CASH']);
    expect(other.statusCode).toBe(409);
    expect(other.json().errorIdentifier).toBe('conflict');
    const again = await s.pay('cash', { products: [line(1)], nonce: n }, ['PAYMENT_CASH']);
    expect(again.statusCode).toBe(200);
    expect(await transactionModel(s.app.db).countDocuments({ nonce: n })).toBe(1);
  });

  it('stores a cash sale completed at once and announces it once, however many copies of its nonce arrive together', async () => {
    const { sub, received } = await listenToLiveFeed();
    try {
      const body = { products: [line(5, 17)], nonce: nonce() };
      const answers = await Promise.all(Array.from({ length: 6 }, () => s.pay('cash', body, ['PAYMENT_CASH'])));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      const ids = new Set(answers.map((a) => a.json().result.transaction_id as string));
      expect(ids.size).toBe(1);
      for (const a of answers) expect(a.json().result).toMatchObject({ status: 'completed', total: 17 * price(5) });
      expect(await transactionModel(s.app.db).find({ nonce: body.nonce }, { status: 1 }).lean()).toMatchObject([{ status: 'completed' }]);
      const mine = () => received.filter((r) => r.method === 'cash' && r.items[0]?.amount === 17);
      await expect.poll(() => mine().length, { timeout: 5000, interval: 20 }).toBe(1);
      // Another sale announced after it shows the feed has moved on: had a copy announced it again, that came first.
      await s.pay('cash', { products: [line(5, 19)], nonce: nonce() }, ['PAYMENT_CASH']);
      await expect.poll(() => received.some((r) => r.items[0]?.amount === 19), { timeout: 5000, interval: 20 }).toBe(true);
      expect(mine()).toHaveLength(1);
    } finally {
      sub.disconnect();
    }
  });

  it('announces an account sale without a name unless the board chose names on the slide, then the first name only', async () => {
    const { sub, received } = await listenToLiveFeed();
    const named = await s.anotherCheckout({});
    try {
      const account = await s.createAccount('Lieke van der Laan', 2000);
      const sell = (app: typeof s.app, amount: number) =>
        app.inject({ method: 'POST', url: '/api/checkout/account/', headers: { authorization: s.token(['PAYMENT_ACCOUNT_OTHER', 'PAYMENT_UNDO']) }, payload: { products: [line(6, amount)], account_id: account, nonce: nonce() } });
      // Off by default: a public screen pairs no member with their drinks.
      await sell(s.app, 3);
      await expect.poll(() => received.find((r) => r.items?.[0]?.amount === 3), { timeout: 5000, interval: 20 }).toMatchObject({ method: 'account', who: null });

      await slideShowsNames(true);
      // A checkout process that has not kept the old setting (each keeps it for PUBLIC_SCREEN_CACHE_MS).
      const res = await sell(named, 2);
      const id = res.json().result.transaction_id;
      const mine = () => received.find((r) => r.who === 'Lieke');
      await expect.poll(mine, { timeout: 5000, interval: 20 }).toMatchObject({
        total: 2 * price(6),
        method: 'account',
        who: 'Lieke',
        items: [{ name: s.products[6]!.name, amount: 2 }],
      });
      expect(JSON.stringify(mine())).not.toMatch(/balance|van der Laan/);
      // The feed is public: it never carries the sale's id, with which a till could ask for the sale.
      expect(mine()!.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(JSON.stringify(received)).not.toContain(id);

      // Undone, the slide hears which announcement to mark, once however often the undo is asked.
      const undo = () => named.inject({ method: 'POST', url: `/api/transactions/${id}/undo/`, headers: { authorization: s.token(['PAYMENT_ACCOUNT_OTHER', 'PAYMENT_UNDO']) }, payload: {} });
      expect((await undo()).statusCode).toBe(200);
      expect((await undo()).statusCode).toBe(200);
      await expect.poll(() => received.filter((r) => r.undoes === mine()!.id).length, { timeout: 5000, interval: 20 }).toBe(1);
      await sell(s.app, 4);
      await expect.poll(() => received.some((r) => r.items?.[0]?.amount === 4), { timeout: 5000, interval: 20 }).toBe(true);
      expect(received.filter((r) => r.undoes)).toHaveLength(1);
    } finally {
      sub.disconnect();
      await slideShowsNames(false);
      await named.close();
    }
  });
});
