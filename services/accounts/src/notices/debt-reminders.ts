import { addDays, localDay } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import { monthAfter } from '../ledger/debt-block';
import { accountModel } from '../ledger/models/account.model';
import { getSettings } from '../settings';
import { usersOfAccounts, type Notices } from './notices';

const TZ = 'Europe/Amsterdam';

/**
 * The reminders after a failed direct debit (issue 48 §3): an account whose debit failed and that still owes gets a
 * 'debit.reminder' for each user, once the settings' days after the failure have passed (first and second), keyed by
 * the failure (batch and account), the reminder's number and the user: a run that comes again, or two replicas at
 * once, remind nobody twice. Answers how many reminders are due (a repeat answers the same and mails nobody again).
 */
export async function sendDebtReminders(deps: { db: Connection; notices: Pick<Notices, 'queue'>; now: () => Date }): Promise<number> {
  const [settings, accounts] = await Promise.all([
    getSettings(deps.db),
    accountModel(deps.db).find({ directDebitFailure: { $ne: null }, closedAt: null }, { balance: 1, directDebitFailure: 1 }).lean(),
  ]);
  const today = localDay(deps.now(), TZ);
  // What is due per account first, then the users of those accounts in one read.
  const due = accounts.flatMap((account) => {
    const failure = account.directDebitFailure;
    if (!failure || (account.balance ?? 0) >= 0) return [];
    const since = localDay(failure.at, TZ);
    const reminders = [settings.debitReminderDays, settings.debitSecondReminderDays].map((days, i) => ({ reminder: i + 1, on: addDays(since, days) })).filter((r) => r.on <= today);
    return reminders.length ? [{ accountId: String(account._id), owed: -(account.balance ?? 0), batchId: failure.batchId, since, reminders }] : [];
  });
  const users = await usersOfAccounts(deps.db, due.map((d) => d.accountId));
  let queued = 0;
  for (const { accountId, owed, batchId, since, reminders } of due) {
    for (const { reminder } of reminders) {
      for (const user of users.get(accountId) ?? []) {
        await deps.notices.queue({
          key: `debit.reminder:${batchId}:${accountId}:${reminder}:${String(user._id)}`,
          kind: 'debit.reminder',
          user,
          accountId,
          data: { amount: owed, since, reminder, blockOn: monthAfter(since) },
        });
        queued += 1;
      }
    }
  }
  return queued;
}
