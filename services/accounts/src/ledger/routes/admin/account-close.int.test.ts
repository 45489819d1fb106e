import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { postingModel } from '../../models/posting.model';
import { bearer, loginAs, startAccountsTestApp, stopAccountsTestApp, type AccountsTestApp } from '../../../testing/accounts-test-app';

const ROUNDS = 12;

/** Issue 50 §2 and issue 45 §1: closing an account never takes the member's money, also when a top-up meets the close. */
describe('closing an account with money on it', () => {
  let app: AccountsTestApp;
  let admin = '';
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });
  const create = async (name: string) => (await call('POST', '/api/admin/accounts/', { name })).json().result.id as string;
  const book = (id: string, amount: number, method = 'cash_payment') =>
    call('POST', `/api/admin/accounts/${id}/upgrade/`, { amount, method, reason: method === 'correction' ? 'Paid out in cash' : '', nonce: `n-${new Types.ObjectId().toHexString()}` });
  const postings = async (id: string) => (await postingModel(app.db).find({ accountId: new Types.ObjectId(id) }).sort({ seq: 1 }).lean()).map((p) => [p.kind, p.amount]);

  beforeAll(async () => {
    app = (await startAccountsTestApp(inject('mongoUri'), { seed: true })).app;
    admin = await loginAs(app, 'admin');
  });
  afterAll(async () => {
    await stopAccountsTestApp(app);
  });

  it('refuses to close an account used within the year while money is on it (409, nothing expires); paid out, it closes', async () => {
    const id = await create('Actieve Anouk');
    expect((await book(id, 500)).statusCode).toBe(200);
    const refused = await call('DELETE', `/api/admin/accounts/${id}/`);
    expect(refused.statusCode).toBe(409);
    const today = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Amsterdam' }).format(new Date());
    expect(refused.json()).toMatchObject({
      error: true,
      errorIdentifier: 'conflict',
      errorMessage: `Actieve Anouk has €\u00a05,00 on it and was last used on ${today}: a balance only expires on an account unused for more than a year. Pay it out or move it to another account first (a correction), then close it.`,
    });
    expect((await call('GET', `/api/admin/accounts/${id}/`)).json().result).toMatchObject({ closedAt: null, balance: 500 });
    expect(await postings(id)).toEqual([['topup', 500]]);

    expect((await book(id, -500, 'correction')).statusCode).toBe(200);
    const closed = await call('DELETE', `/api/admin/accounts/${id}/`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().result).toMatchObject({ expired: 0, account: { balance: 0 } });
    expect(await postings(id)).toEqual([
      ['topup', 500],
      ['correction', -500],
    ]);
  });

  it('a top-up meeting the close: either the top-up is refused and the account closed at 0, or it stays open with the money; never expired', async () => {
    const wrong: string[] = [];
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const id = await create(`Racende Rik ${round}`);
      const closeFirst = round % 2 === 0;
      const close = () => call('DELETE', `/api/admin/accounts/${id}/`);
      const topUp = () => book(id, 300);
      const [closed, topped] = closeFirst ? await Promise.all([close(), topUp()]) : await Promise.all([topUp(), close()]).then(([t, c]) => [c, t]);

      const view = (await call('GET', `/api/admin/accounts/${id}/`)).json().result as { closedAt: string | null };
      const booked = await postings(id);
      const balance = booked.reduce((sum, [, amount]) => sum + Number(amount), 0);
      const codes = `close ${closed!.statusCode}, top-up ${topped!.statusCode}`;
      const state = view.closedAt ? 'closed' : 'open';
      outcomes.push(`${codes} -> ${state}`);
      const right =
        !booked.some(([kind]) => kind === 'expiry') &&
        (state === 'closed' ? closed!.statusCode === 200 && topped!.statusCode === 409 && balance === 0 : closed!.statusCode === 409 && topped!.statusCode === 200 && balance === 300);
      if (!right) wrong.push(`round ${round}: ${codes}, ${state}, balance ${balance}, postings ${JSON.stringify(booked)}`);
    }
    expect(wrong, `${wrong.length} of ${ROUNDS} rounds wrong; ${outcomes.join('; ')}`).toEqual([]);
  });
});
