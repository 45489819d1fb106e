import { DORMANT_NOTICE_DAYS, formatEuros, type DormantAccount, type DormantCloseResult, type DormantRound, type DormantState } from '@kassa/contracts';
import { addDays, AppError, fourEyes, isDuplicateKey, localDay, type AuditWarnLogger, type FourEyesUser } from '@kassa/service-kit';
import { Types, type Connection } from 'mongoose';
import type { AccountsContext } from '../context';
import { adminAccount } from '../ledger/accounts-admin/admin-accounts';
import { closeAccount } from '../ledger/accounts-admin/close-account';
import { lastUseOf, mayExpire } from '../ledger/accounts-admin/close-rule';
import { accountModel } from '../ledger/models/account.model';
import { postingModel } from '../ledger/models/posting.model';
import { usersOfAccounts, type Notices } from '../notices/notices';
import { dormantNoticeModel, type DormantNoticeDoc } from './models/dormant-notice.model';

const TZ = 'Europe/Amsterdam';
const YEAR_MS = 365 * 86_400_000;

/**
 * The month's round (issue 48 §5; docs/decisions.md "Dormant accounts"): every open member account unused for more
 * than a year, and not told since its last use, is recorded for this month (`<month>:<account>`, a unique id: a round
 * run twice, or by two replicas at once, records and mails once) and each of its users gets the 'account.dormant'
 * mail with the balance, the last use and the day from which it may be closed (14 days on). Answers how many were
 * told now.
 */
export async function runDormantRound(deps: { db: Connection; notices: Pick<Notices, 'queue'>; now: () => Date }): Promise<number> {
  const now = deps.now();
  const month = localDay(now, TZ).slice(0, 7);
  const yearAgo = new Date(now.getTime() - YEAR_MS);
  // The cached last use narrows it down; the ledger's own postings decide (lastUseOf).
  const candidates = await accountModel(deps.db)
    .find({ closedAt: null, type: { $ne: 'system' }, payoutFrozen: null, $or: [{ lastUsed: null }, { lastUsed: { $lt: yearAgo } }] }, { name: 1, createdAt: 1 })
    .lean();
  const dormant: { id: string; name: string; lastUse: Date; balance: number }[] = [];
  for (const a of candidates) {
    const createdAt = (a as { createdAt?: Date }).createdAt ?? new Date(0);
    const lastUse = await lastUseOf(deps.db, String(a._id), createdAt);
    if (!mayExpire(lastUse, now)) continue;
    // Told once per stretch of disuse: a notice after the last use means this account was told already.
    const told = await dormantNoticeModel(deps.db).findOne({ accountId: a._id, noticedAt: { $gt: lastUse } }, { _id: 1 }).lean();
    if (told) continue;
    // The ledger's head, not the cached balance (written a moment after each posting).
    const head = await postingModel(deps.db).findOne({ accountId: a._id }, { balanceAfter: 1 }).sort({ seq: -1 }).lean();
    dormant.push({ id: String(a._id), name: a.name, lastUse, balance: head?.balanceAfter ?? 0 });
  }
  const users = await usersOfAccounts(deps.db, dormant.map((d) => d.id));
  const closeOn = addDays(localDay(now, TZ), DORMANT_NOTICE_DAYS);
  let told = 0;
  for (const d of dormant) {
    const mine = users.get(d.id) ?? [];
    try {
      await dormantNoticeModel(deps.db).create({ _id: `${month}:${d.id}`, month, accountId: new Types.ObjectId(d.id), name: d.name, lastUse: d.lastUse, balance: d.balance, noticedAt: now, closeOn, told: mine.length });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    for (const user of mine) {
      await deps.notices.queue({ key: `account.dormant:${month}:${d.id}:${String(user._id)}`, kind: 'account.dormant', user, accountId: d.id, data: { balance: d.balance, lastUsed: d.lastUse.toISOString(), closeOn } });
    }
    told += 1;
  }
  return told;
}

type Ctx = AccountsContext;

/** The state of a told account now: closed, used since (kept), owing (the debtors page), waiting, or to close. */
async function stateOf(db: Connection, ctx: Ctx, n: DormantNoticeDoc): Promise<{ state: DormantState; balance: number }> {
  const account = await accountModel(db).findById(n.accountId, { closedAt: 1, createdAt: 1, headSeq: 1 }).lean();
  const id = String(n.accountId);
  const { balanceAfter: balance } = await ctx.ledger.readHead(id);
  if (!account || account.closedAt) return { state: 'closed', balance };
  const lastUse = await lastUseOf(db, id, (account as { createdAt?: Date }).createdAt ?? new Date(0));
  if (lastUse.getTime() > n.noticedAt.getTime() || !mayExpire(lastUse, ctx.now())) return { state: 'used', balance };
  if (balance < 0) return { state: 'owes', balance };
  if (localDay(ctx.now(), TZ) < n.closeOn) return { state: 'waiting', balance };
  return { state: 'to_close', balance };
}

/** A month's round as the board reads it (the latest month by default). */
export async function dormantRound(db: Connection, ctx: Ctx, month?: string): Promise<DormantRound> {
  const months = ((await dormantNoticeModel(db).distinct('month')) as string[]).sort().reverse();
  const chosen = month ?? months[0] ?? null;
  if (!chosen) return { month: null, months, items: [], toExpire: 0 };
  const notices = (await dormantNoticeModel(db).find({ month: chosen }).sort({ name: 1 }).lean()) as DormantNoticeDoc[];
  const items: DormantAccount[] = [];
  for (const n of notices) {
    const { state, balance } = await stateOf(db, ctx, n);
    items.push({ accountId: String(n.accountId), name: n.name, lastUse: n.lastUse.toISOString(), balanceWhenTold: n.balance, balance, noticedAt: n.noticedAt.toISOString(), closeOn: n.closeOn, told: n.told, state });
  }
  return { month: chosen, months, items, toExpire: items.filter((i) => i.state === 'to_close').reduce((s, i) => s + Math.max(0, i.balance), 0) };
}

/**
 * Closes a round's accounts that are still unused after the notice period, four eyes: the first board member's call
 * prepares it for the sum it expires (202), another's closes them, each with its balance expired (close-account.ts:
 * the `expiry:<id>` posting books once, the audit entry is keyed by round and account, so two approvers at once close
 * and book each once). An account used, owing or still waiting is left as it is.
 */
export async function closeDormantRound(db: Connection, ctx: Ctx, month: string, user: FourEyesUser & { sub: string; username: string }, log: AuditWarnLogger) {
  const round = await dormantRound(db, ctx, month);
  if (round.month !== month || round.items.length === 0) throw new AppError(404, 'not_found', `No dormant accounts were told in ${month}.`);
  const due = round.items.filter((i) => i.state === 'to_close');
  if (due.length === 0) throw new AppError(409, 'conflict', 'No account of this round can be closed now: each is closed, used since, owing, or still within its 14 days.');
  const gate = await fourEyes(
    { db, audit: ctx.audit, log, now: ctx.now },
    {
      service: 'accounts',
      entity: 'dormant_round',
      id: month,
      action: 'close',
      user,
      roles: ['board'],
      summary: `Close ${due.length} unused ${due.length === 1 ? 'account' : 'accounts'} of the round of ${month} and expire ${formatEuros(round.toExpire)}`,
      amount: round.toExpire,
      approve: { method: 'POST', path: `/api/admin/dormant/${month}/close`, body: null },
    },
  );
  if (!gate.approved) return { approved: false as const, approval: gate.approval };
  const result: DormantCloseResult = { closed: 0, expired: 0, skipped: [] };
  for (const item of due) {
    try {
      const { view } = await adminAccount(db, ctx, item.accountId);
      if (view.closedAt) continue; // the other approver closed it a moment ago
      const closed = await closeAccount(db, ctx, { id: item.accountId, before: view, expected: item.balance, user, log, auditKey: `dormant.close:${month}:${item.accountId}` });
      result.closed += 1;
      result.expired += closed.expired;
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode !== 409) throw err;
      result.skipped.push({ name: item.name, reason: err.message });
    }
  }
  await gate.recorded;
  return { approved: true as const, result };
}
