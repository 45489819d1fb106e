import { addDays, localDay } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import { userModel } from '../identity/models/user.model';
import { accountModel } from '../ledger/models/account.model';
import { getSettings } from '../settings';
import type { Notices } from './notices';

const TZ = 'Europe/Amsterdam';

/** The day a month after `day` (the terms' month to top up), the last of a shorter month when it has no such day. */
export function monthAfter(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(d, last))).toISOString().slice(0, 10);
}

/**
 * The reminders after a failed direct debit (issue 48 §3): an account whose debit failed and that still owes gets a
 * 'debit.reminder' for each user, once the settings' days after the failure have passed (first and second), keyed by
 * the failure (batch and account), the reminder's number and the user: a run that comes again, or two replicas at
 * once, remind nobody twice. Answers how many reminders are due (a repeat answers the same and mails nobody again).
 */
export async function sendDebtReminders(deps: { db: Connection; notices: Pick<Notices, 'queue'>; now: () => Date }): Promise<number> {
  const [settings, accounts] = await Promise.all([
    getSettings(deps.db),
    accountModel(deps.db).find({ directDebitFailure: { $ne: null }, closedAt: null }, { name: 1, balance: 1, directDebitFailure: 1 }).lean(),
  ]);
  const today = localDay(deps.now(), TZ);
  let queued = 0;
  for (const account of accounts) {
    const failure = account.directDebitFailure;
    if (!failure || (account.balance ?? 0) >= 0) continue;
    const since = localDay(failure.at, TZ);
    const due = [settings.debitReminderDays, settings.debitSecondReminderDays].map((days, i) => ({ reminder: i + 1, on: addDays(since, days) })).filter((r) => r.on <= today);
    if (due.length === 0) continue;
    const users = await userModel(deps.db).find({ accountId: account._id }, { username: 1, displayName: 1, email: 1, language: 1, accountId: 1 }).lean();
    for (const { reminder } of due) {
      for (const user of users) {
        await deps.notices.queue({
          key: `debit.reminder:${failure.batchId}:${String(account._id)}:${reminder}:${String(user._id)}`,
          kind: 'debit.reminder',
          user,
          accountId: String(account._id),
          data: { amount: -(account.balance ?? 0), since, reminder, blockOn: monthAfter(since) },
        });
        queued += 1;
      }
    }
  }
  return queued;
}
