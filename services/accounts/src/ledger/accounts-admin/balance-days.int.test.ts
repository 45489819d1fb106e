import { migrationModel } from '@kassa/service-kit';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accountModel } from '../models/account.model';
import { balanceDayModel } from '../models/balance-day.model';
import { postingModel } from '../models/posting.model';
import { internalPost, startAccountsTestApp, stopAccountsTestApp, TestClock, type AccountsTestApp } from '../../testing/accounts-test-app';

const DAY = 24 * 3_600_000;

/**
 * The balance of all accounts at the end of a day, walked back from the ledger heads and kept for closed days, on the
 * real accounts service (FerretDB): checked against the sum of every account's postings up to that day's end.
 */
describe('balance at a date', () => {
  let app: AccountsTestApp;
  const clock = new TestClock(new Date('2026-03-10T20:00:00Z'));

  /** The slow truth: every posting before the end of the day, summed per account. */
  const truth = async (date: string) => {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    // End of the Dutch day (CET in March before the 29th, and in 2025 before the 30th).
    const end = new Date(Date.UTC(y, m - 1, d + 1) - 3_600_000);
    const sums = await postingModel(app.db).aggregate<{ total: number }>([{ $match: { at: { $lt: end } } }, { $group: { _id: '$accountId', total: { $sum: '$amount' } } }]);
    const held = sums.filter((s) => s.total > 0);
    const owing = sums.filter((s) => s.total < 0);
    return { held: held.reduce((a, s) => a + s.total, 0), owed: owing.reduce((a, s) => a - s.total, 0), accountsHeld: held.length, accountsOwing: owing.length };
  };
  const post = async (accountId: string, amount: number) => {
    const res = await internalPost(app, '/internal/ledger/postings', { target: { accountId }, amount, key: `t-${new Types.ObjectId().toHexString()}`, kind: amount > 0 ? 'topup' : 'purchase', ref: 'test' });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    app = (await startAccountsTestApp(inject('mongoUri'), { seed: true, deps: { now: clock.now } })).app;
    await app.ready();
    // Sales and top-ups on four evenings, on prepaid and credit accounts, one credit account going below zero.
    const prepaid = await accountModel(app.db).find({ creditAccount: false, balance: { $gt: 2_000 } }).limit(3).lean();
    const credit = await accountModel(app.db).find({ creditAccount: true }).limit(2).lean();
    for (const step of [0, 1, 3, 4]) {
      clock.current = new Date(Date.UTC(2026, 2, 10 + step, 21));
      for (const a of prepaid) await post(String(a._id), -(150 + step * 10));
      await post(String(credit[0]!._id), -(2_500 + step));
      await post(String(credit[1]!._id), 700 * (step + 1));
    }
    await app.accounts.ledger.settled();
  });
  afterAll(async () => {
    await stopAccountsTestApp(app);
  });

  it('answers what the postings held at the end of each day, today from the heads, before the first posting nothing', async () => {
    for (const date of ['2025-03-08', '2025-03-10', '2025-11-30', '2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14']) {
      expect(await app.accounts.balanceDays.balanceAt(date), date).toEqual(await truth(date));
    }
    expect((await truth('2026-03-14')).accountsOwing).toBeGreaterThan(0);
  });

  it('keeps every closed day once, marks the day before the first posting, and answers the same from what it kept', async () => {
    await balanceDayModel(app.db).deleteMany({});
    const kept = await app.accounts.balanceDays.keepClosedDays();
    // From the day before the opening postings (2025-03-09) to the day before yesterday (2026-03-12).
    expect(kept).toBeGreaterThan(360);
    expect(await app.accounts.balanceDays.keepClosedDays()).toBe(0);
    const start = await balanceDayModel(app.db).findOne({ start: true }).lean();
    expect(start).toMatchObject({ day: '2025-03-09', held: 0, owed: 0 });
    expect(await balanceDayModel(app.db).exists({ day: '2026-03-13' })).toBeNull();
    const keptDay = await balanceDayModel(app.db).findOne({ day: '2026-03-11' }).lean();
    expect(keptDay).toMatchObject(await truth('2026-03-11'));
    for (const date of ['2024-01-01', '2025-06-01', '2026-03-11', '2026-03-12', '2026-03-13']) {
      expect(await app.accounts.balanceDays.balanceAt(date), date).toEqual(await truth(date));
    }

    // A day later, only the newly closed day is worked out.
    clock.advance(DAY);
    expect(await app.accounts.balanceDays.keepClosedDays()).toBe(1);
    expect(await balanceDayModel(app.db).findOne({ day: '2026-03-13' }).lean()).toMatchObject(await truth('2026-03-13'));
  });

  it('gives postings stored before they kept their day their Dutch day, once', async () => {
    const some = await postingModel(app.db).find({}, { _id: 1, at: 1, day: 1 }).limit(5).lean();
    await postingModel(app.db).updateMany({ _id: { $in: some.map((p) => p._id) } }, { $unset: { day: 1 } });
    await migrationModel(app.db).deleteMany({ key: 'posting-days' });
    await app.accounts.balanceDays.migrate();
    const after = await postingModel(app.db).find({ _id: { $in: some.map((p) => p._id) } }, { day: 1 }).lean();
    expect(after.map((p) => p.day).sort()).toEqual(some.map((p) => p.day).sort());
    expect(await migrationModel(app.db).countDocuments({ key: 'posting-days' })).toBe(1);
  });
});
