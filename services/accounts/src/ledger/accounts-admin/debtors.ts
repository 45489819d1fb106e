import { DEBTOR_KIND_LABELS, type Debtor, type DebtorKind, type PostingKind } from '@kassa/contracts';
import { localDay } from '@kassa/service-kit';
import { stringify } from 'csv-stringify/sync';
import { Types, type Connection, type QueryFilter } from 'mongoose';
import { noticeModel } from '../../notices/models/notice.model';
import { blockedFrom } from '../debt-block';
import { accountModel, type AccountDoc } from '../models/account.model';
import { postingModel } from '../models/posting.model';

/** Postings that put money on an account: what "last payment" means. */
const PAYMENT_KINDS: readonly PostingKind[] = ['topup', 'ideal', 'direct_debit', 'correction'];

const TZ = 'Europe/Amsterdam';

/** Blocked on `today`: a month has passed since the failed debit (the ledger refuses its purchases while it owes). */
const isBlocked = (a: Pick<AccountDoc, 'directDebitFailure'>, today: string) => {
  const from = blockedFrom(a.directDebitFailure, TZ);
  return from !== null && from <= today;
};

const kindOf = (a: Pick<AccountDoc, 'creditAccount' | 'tab'>): DebtorKind => (a.creditAccount ? 'credit' : a.tab ? 'tab' : 'other');

/**
 * The open accounts below zero, most owed first (their cached balance: a list, not a money decision), with the filter's
 * total. Accounts below zero are few (credit accounts between collections, tabs, a correction), so all are read.
 */
export async function debtorAccounts(db: Connection, filter: { kind?: DebtorKind; failed?: boolean; blocked?: boolean }, now: Date) {
  // System accounts (Cash differences) owe nobody anything.
  const query: QueryFilter<AccountDoc> = { closedAt: null, balance: { $lt: 0 }, type: { $ne: 'system' } };
  if (filter.failed || filter.blocked) query.directDebitFailure = { $ne: null };
  const today = localDay(now, TZ);
  const rows = (await accountModel(db).find(query, { name: 1, type: 1, balance: 1, creditAccount: 1, tab: 1, directDebitFailure: 1 }).lean())
    .filter((a) => !filter.kind || kindOf(a) === filter.kind)
    .filter((a) => !filter.blocked || isBlocked(a, today))
    .sort((a, b) => a.balance - b.balance || a.name.localeCompare(b.name));
  return { rows, owed: rows.reduce((sum, a) => sum - a.balance, 0) };
}

type DebtorRow = Awaited<ReturnType<typeof debtorAccounts>>['rows'][number];

/**
 * Each account's follow-up from its own postings (one equality read an account): since when it is below zero (the
 * posting after which every balance stayed below) and its last payment.
 */
export async function debtorViews(db: Connection, rows: DebtorRow[], now: Date): Promise<Debtor[]> {
  const today = localDay(now, TZ);
  const reminders = await remindersSent(db, rows);
  return Promise.all(
    rows.map(async (a) => {
      const postings = (await postingModel(db).find({ accountId: new Types.ObjectId(String(a._id)) }, { seq: 1, amount: 1, balanceAfter: 1, at: 1, kind: 1 }).lean()).sort(
        (x, y) => y.seq - x.seq,
      );
      let since: Date | null = null;
      for (const p of postings) {
        if (p.balanceAfter >= 0) break;
        since = p.at;
      }
      const paid = postings.find((p) => p.amount > 0 && PAYMENT_KINDS.includes(p.kind as PostingKind));
      const failure = a.directDebitFailure;
      return {
        accountId: String(a._id),
        name: a.name,
        type: a.type ?? 'member',
        kind: kindOf(a),
        owed: -a.balance,
        since: since?.toISOString() ?? null,
        lastPayment: paid ? { at: paid.at.toISOString(), amount: paid.amount, kind: paid.kind as PostingKind } : null,
        debitFailed: failure ? { at: failure.at.toISOString(), amount: failure.amount } : null,
        reminders: reminders.get(String(a._id)) ?? 0,
        blockedFrom: blockedFrom(failure, TZ),
        blocked: isBlocked(a, today),
      } satisfies Debtor;
    }),
  );
}

/**
 * The reminders each account was sent since its current failure: the distinct reminder numbers of its 'debit.reminder'
 * notices for that batch (one notice per user: `debit.reminder:<batch>:<account>:<n>:<user>`), in one read.
 */
async function remindersSent(db: Connection, rows: DebtorRow[]): Promise<Map<string, number>> {
  const failed = rows.filter((a) => a.directDebitFailure);
  if (failed.length === 0) return new Map();
  const notices = await noticeModel(db)
    .find({ accountId: { $in: failed.map((a) => a._id) }, kind: 'debit.reminder' }, { key: 1 })
    .lean();
  const batchOf = new Map(failed.map((a) => [String(a._id), a.directDebitFailure!.batchId]));
  const seen = new Map<string, Set<string>>();
  for (const { key } of notices) {
    const [, batch, account, n] = key.split(':');
    if (!account || batchOf.get(account) !== batch) continue;
    seen.set(account, (seen.get(account) ?? new Set()).add(n!));
  }
  return new Map([...seen].map(([account, numbers]) => [account, numbers.size]));
}

const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');
const euros = (cents: number | null | undefined) => (cents == null ? '' : (cents / 100).toFixed(2).replace('.', ','));

/** The debtors as CSV for a Dutch spreadsheet (`;` between fields, a decimal comma), one line an account. */
export function debtorsCsv(debtors: Debtor[]): string {
  const header = ['account', 'kind', 'owed', 'below zero since', 'last payment', 'last payment amount', 'debit reversed on', 'debit reversed amount', 'reminders sent', 'blocked from', 'blocked'];
  const lines = debtors.map((d) => [
    d.name,
    DEBTOR_KIND_LABELS[d.kind],
    euros(d.owed),
    day(d.since),
    day(d.lastPayment?.at),
    euros(d.lastPayment?.amount),
    day(d.debitFailed?.at),
    euros(d.debitFailed?.amount),
    String(d.reminders),
    d.blockedFrom ?? '',
    d.blocked ? 'yes' : 'no',
  ]);
  return stringify([header, ...lines], { delimiter: ';', record_delimiter: 'windows' });
}
