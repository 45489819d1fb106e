import { localDay } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import type { AccountsContext } from '../context';
import { getSettings } from '../settings';
import { accountModel } from './models/account.model';
import { postingModel } from './models/posting.model';

const TZ = 'Europe/Amsterdam';
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/**
 * Fines on a debt after a failed debit (issue 48 §3), when the settings switch them on (off by default: an association
 * decides this in its terms). For each full period (`finePeriodDays`) since the failure that the account still owes,
 * one `fine` posting: the fixed amount, or the percentage of what it owes then; all fines of one failure together at
 * most `fineCap`. Keyed `fine:<batch>:<account>:<period>`, so an hourly look, a retry or two replicas at once charge
 * each period once; a debt paid (the failure ends) stops them. Answers how many were charged now.
 */
export async function chargeFines(db: Connection, ctx: Pick<AccountsContext, 'ledger' | 'now'>): Promise<number> {
  const s = await getSettings(db);
  if (s.fineMode === 'off') return 0;
  const today = localDay(ctx.now(), TZ);
  const accounts = await accountModel(db).find({ directDebitFailure: { $ne: null }, closedAt: null }, { directDebitFailure: 1 }).lean();
  let charged = 0;
  for (const account of accounts) {
    const failure = account.directDebitFailure;
    if (!failure) continue;
    const id = String(account._id);
    const periods = Math.floor((dayNumber(today) - dayNumber(localDay(failure.at, TZ))) / s.finePeriodDays);
    if (periods < 1) continue;
    const ref = `fine:${failure.batchId}`;
    const earlier = await postingModel(db).find({ accountId: account._id, kind: 'fine', ref }, { key: 1, amount: 1 }).lean();
    const keys = new Set(earlier.map((p) => p.key));
    let total = earlier.filter((p) => p.amount < 0).reduce((sum, p) => sum - p.amount, 0);
    for (let period = 1; period <= periods; period++) {
      const key = `fine:${failure.batchId}:${id}:${period}`;
      if (keys.has(key)) continue;
      const owed = -(await ctx.ledger.readHead(id)).balanceAfter;
      if (owed <= 0) break;
      const amount = Math.min(s.fineMode === 'fixed' ? s.fineAmount : Math.round((owed * s.finePercent) / 100), s.fineCap - total);
      if (amount <= 0) break;
      await ctx.ledger.post({ accountId: id, amount: -amount, key, kind: 'fine', ref, description: `Fine: period ${period} of a debt unpaid since the failed direct debit`, by: 'kassa', allowNegative: true });
      total += amount;
      charged += 1;
    }
  }
  return charged;
}
