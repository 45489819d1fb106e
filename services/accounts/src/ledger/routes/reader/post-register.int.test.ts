import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accountModel } from '../../models/account.model';
import { cardSecretModel } from '../../models/card-secret.model';
import { bearer, internalPost, loginAs, startAccountsTestApp, stopAccountsTestApp, type AccountsTestApp } from '../../../testing/accounts-test-app';

describe('POST /api/reader/register/', () => {
  let app: AccountsTestApp;
  let till: string;
  beforeAll(async () => {
    ({ app } = await startAccountsTestApp(inject('mongoUri'), { seed: true }));
    till = await loginAs(app, 'till');
  });
  afterAll(async () => stopAccountsTestApp(app));

  const idOf = async (name: string) => String((await accountModel(app.db).findOne({ name }).lean())?._id);
  const register = (token: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/reader/register/', headers: bearer(token), payload });
  const payByCard = (cardSecret: string, key: string) =>
    internalPost(app, '/internal/ledger/postings', { target: { cardSecret }, amount: -100, key, kind: 'purchase', ref: 'x' });

  it('links a card after the right PIN, so paying with the card debits that account', async () => {
    const accountId = await idOf('Sophie Postma');
    const res = await register(till, { cardSecret: '$card-sophie-0001', accountId, pin: '1234' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({ accountId, accountName: 'Sophie Postma' });
    expect(res.body).not.toContain('card-sophie');
    const paid = await payByCard('$card-sophie-0001', 'card-pay-1');
    expect(paid.json().result).toMatchObject({ accountId, accountName: 'Sophie Postma', balanceAfter: 6000 });
    expect(JSON.stringify(await cardSecretModel(app.db).find().lean())).not.toContain('card-sophie');
  });

  it('refuses a wrong PIN and links nothing', async () => {
    const res = await register(till, { cardSecret: '$card-wrong-pin', accountId: await idOf('Tim Kramer'), pin: '0000' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorIdentifier).toBe('invalid_account_pin');
    expect((await payByCard('$card-wrong-pin', 'card-pay-2')).json().errorIdentifier).toBe('unknown_card_secret');
  });

  it('moves a card that was linked to another account', async () => {
    await register(till, { cardSecret: '$card-moving', accountId: await idOf('Vera Willems'), pin: '1234' });
    const tessId = await idOf('Tess Schouten');
    await register(till, { cardSecret: '$card-moving', accountId: tessId, pin: '1234' });
    expect((await payByCard('$card-moving', 'card-pay-3')).json().result.accountId).toBe(tessId);
  });

  it('is only for tills that take account payments', async () => {
    const res = await register(await loginAs(app, 'member'), { cardSecret: '$card-member', accountId: await idOf('Tim Kramer'), pin: '1234' });
    expect(res.statusCode).toBe(403);
  });
});
