import { checkIban } from '@kassa/contracts/sepa';
import { formatEuros, isBusinessDayString, nextBusinessDay, PAYOUT_MESSAGES, type AuditActor, type Payout, type PayoutFile, type PayoutRequestBody } from '@kassa/contracts';
import { AppError, claimTransition, fourEyes, isDuplicateKey, localDay, type AuditWarnLogger, type FourEyesUser } from '@kassa/service-kit';
import { createHash } from 'node:crypto';
import { Types, type Connection } from 'mongoose';
import type { AccountsContext } from '../context';
import { accountModel } from '../ledger/models/account.model';
import { getSettings } from '../settings';
import { usersOfAccounts } from '../notices/notices';
import { payoutFileModel, type PayoutFileDoc } from './models/payout-file.model';
import { payoutModel, type PayoutDoc } from './models/payout.model';
import { writePain001 } from './pain001';

/**
 * Leavers paid out (issue 48 §4, docs/decisions.md "Payouts"). The member (or an admin for them) asks; two admins
 * approve (four eyes), which freezes the account for purchases and top-ups at the bar; a treasurer makes a pain.001 file
 * of the approved payouts (each paying the balance at that moment, which the freeze holds still) and marks it sent once
 * the bank has it: then each payout is booked by its key (balance to € 0,00, kind `payout`, or `donation` to the
 * association), the account is closed and the member mailed. Every state change is a claim: two at once, one wins.
 */

type Ctx = Pick<AccountsContext, 'ledger' | 'directory' | 'audit' | 'notices' | 'now'>;
type Person = { sub: string; username: string };

const actorOf = (user: Person): AuditActor => ({ id: user.sub, username: user.username });

export const payoutView = (doc: PayoutDoc, balance: number): Payout => ({
  id: String(doc._id),
  accountId: String(doc.accountId),
  accountName: doc.accountName,
  donate: doc.donate,
  iban: doc.iban ?? null,
  holder: doc.holder ?? null,
  state: doc.state as Payout['state'],
  approvedAmount: doc.approvedAmount ?? null,
  amount: doc.amount ?? null,
  balance,
  requestedBy: { id: doc.requestedBy.id ?? null, username: doc.requestedBy.username ?? null },
  byMember: doc.byMember,
  requestedAt: doc.requestedAt.toISOString(),
  approvedBy: doc.approvedBy ? { id: doc.approvedBy.id ?? null, username: doc.approvedBy.username ?? null } : null,
  approvedAt: doc.approvedAt?.toISOString() ?? null,
  fileId: doc.fileId ? String(doc.fileId) : null,
  bookedAt: doc.bookedAt?.toISOString() ?? null,
  cancelledAt: doc.cancelledAt?.toISOString() ?? null,
});

/** What the audit log keeps of a payout (and what the relay compares when an entry was left pending). */
const auditView = (doc: Pick<PayoutDoc, 'state' | 'donate' | 'amount' | 'approvedAmount'>) => ({
  state: doc.state,
  donate: doc.donate,
  approvedAmount: doc.approvedAmount ?? null,
  amount: doc.amount ?? null,
});

export async function payoutViews(ctx: Ctx, docs: PayoutDoc[]): Promise<Payout[]> {
  return Promise.all(docs.map(async (d) => payoutView(d, (await ctx.ledger.readHead(String(d.accountId))).balanceAfter)));
}

async function loadPayout(db: Connection, id: string): Promise<PayoutDoc> {
  const doc = (await payoutModel(db).findById(id).lean()) as PayoutDoc | null;
  if (!doc) throw new AppError(404, 'not_found', 'Payout not found.');
  return doc;
}

/**
 * Asks for a payout of the account's balance: to an IBAN in the member's name, or donated. Refused while the account
 * owes or holds nothing, is closed, or has an open payout already (one per account: the unique `openSlot`).
 */
export async function requestPayout(db: Connection, ctx: Ctx, input: { accountId: string; body: PayoutRequestBody; by: Person; byMember: boolean }, log: AuditWarnLogger): Promise<PayoutDoc> {
  const account = await accountModel(db).findById(input.accountId, { name: 1, closedAt: 1 }).lean();
  if (!account) throw new AppError(404, 'not_found', 'Account not found.');
  if (account.closedAt) throw new AppError(409, 'account_closed', `${account.name} is closed.`);
  let iban: string | null = null;
  let holder: string | null = null;
  if (!input.body.donate) {
    const checked = checkIban(input.body.iban);
    if ('error' in checked) throw new AppError(422, 'validation_error', checked.error, [{ loc: ['body', 'iban'], msg: checked.error, type: 'value_error' }]);
    iban = checked.iban;
    holder = input.body.holder;
  }
  const head = await ctx.ledger.readHead(input.accountId);
  if (head.balanceAfter <= 0) throw new AppError(409, 'conflict', PAYOUT_MESSAGES.nothingToPay);
  const at = ctx.now();
  const doc = {
    _id: new Types.ObjectId(),
    accountId: new Types.ObjectId(input.accountId),
    accountName: account.name,
    donate: input.body.donate,
    iban,
    holder,
    state: 'requested' as const,
    requestedBy: actorOf(input.by),
    byMember: input.byMember,
    requestedAt: at,
    openSlot: input.accountId,
  };
  await ctx.audit.audited(
    { actor: actorOf(input.by), action: 'payout.request', entity: 'payout', entityId: String(doc._id), before: null, after: { ...auditView({ ...doc, amount: null, approvedAmount: null }), accountId: input.accountId, iban, holder, byMember: input.byMember }, expect: { state: 'requested' }, at },
    log,
    async () => {
      try {
        await payoutModel(db).create(doc);
      } catch (err) {
        if (isDuplicateKey(err)) throw new AppError(409, 'conflict', PAYOUT_MESSAGES.open);
        throw err;
      }
    },
  );
  return loadPayout(db, String(doc._id));
}

/**
 * Approves a requested payout, four eyes: the first admin's call prepares it for the balance now (202, nothing moves),
 * another treasurer's call approves it. Approving claims `requested` → `approved` (a cancel at the same moment: one
 * wins), freezes the account, and notes the balance then.
 */
export async function approvePayout(db: Connection, ctx: Ctx, id: string, user: FourEyesUser & Person, log: AuditWarnLogger) {
  const doc = await loadPayout(db, id);
  if (doc.state !== 'requested') {
    if (doc.state === 'approved' || doc.state === 'in_file' || doc.state === 'booked') return { approved: true as const, payout: doc };
    throw new AppError(409, 'conflict', `This payout is ${doc.state}: it cannot be approved.`);
  }
  const accountId = String(doc.accountId);
  const head = await ctx.ledger.readHead(accountId);
  const gate = await fourEyes(
    { db, audit: ctx.audit, log, now: ctx.now },
    {
      service: 'accounts',
      entity: 'payout',
      id,
      action: 'approve',
      user,
      roles: ['treasurer'],
      summary: doc.donate ? `Donate the ${formatEuros(head.balanceAfter)} of ${doc.accountName} to the association and close it` : `Pay out ${formatEuros(head.balanceAfter)} of ${doc.accountName} to ${doc.iban} and close it`,
      amount: head.balanceAfter,
      approve: { method: 'POST', path: `/api/admin/payouts/${id}/approve`, body: null },
    },
  );
  if (!gate.approved) return { approved: false as const, approval: gate.approval };
  const at = ctx.now();
  await claimTransition(db, { entity: 'payout', id, from: 'requested', to: 'approved', by: user.username }, at);
  const approvedBy = actorOf(user);
  await ctx.audit.audited(
    { actor: approvedBy, action: 'payout.approve', entity: 'payout', entityId: id, before: auditView(doc), after: { ...auditView(doc), state: 'approved', approvedAmount: head.balanceAfter }, expect: { state: 'approved' }, key: `payout.approve:${id}`, at },
    log,
    async () => {
      // Frozen first: from here the ledger takes no purchase or bar top-up, so the balance can only stay or grow (iDEAL).
      await ctx.ledger.updateAccount(accountId, { payoutFrozen: id });
      const frozenAt = await ctx.ledger.readHead(accountId);
      await payoutModel(db).updateOne({ _id: doc._id }, { $set: { state: 'approved', approvedAmount: frozenAt.balanceAfter, approvedBy, approvedAt: at } });
    },
  );
  await gate.recorded;
  return { approved: true as const, payout: await loadPayout(db, id) };
}

/** Cancels a payout before it is in a file (the member withdraws a request, or an admin cancels): the account thaws. */
export async function cancelPayout(db: Connection, ctx: Ctx, id: string, user: Person, log: AuditWarnLogger): Promise<PayoutDoc> {
  const doc = await loadPayout(db, id);
  if (doc.state === 'cancelled') return doc;
  if (doc.state !== 'requested' && doc.state !== 'approved') throw new AppError(409, 'conflict', `This payout is ${doc.state === 'in_file' ? 'in a file already' : 'paid out'}: it cannot be cancelled.`);
  const at = ctx.now();
  await claimTransition(db, { entity: 'payout', id, from: doc.state, to: 'cancelled', by: user.username }, at);
  await ctx.audit.audited(
    { actor: actorOf(user), action: 'payout.cancel', entity: 'payout', entityId: id, before: auditView(doc), after: { ...auditView(doc), state: 'cancelled' }, expect: { state: 'cancelled' }, key: `payout.cancel:${id}`, at },
    log,
    async () => {
      await payoutModel(db).updateOne({ _id: doc._id }, { $set: { state: 'cancelled', cancelledAt: at }, $unset: { openSlot: 1 } });
      if (doc.state === 'approved') await ctx.ledger.updateAccount(String(doc.accountId), { payoutFrozen: null });
    },
  );
  return loadPayout(db, id);
}

/** The day the bank is asked to pay: today when it is a TARGET2 business day, else the next one. */
const executionDay = (now: Date) => {
  const today = localDay(now, 'Europe/Amsterdam');
  return isBusinessDayString(today) ? today : nextBusinessDay(today);
};

/**
 * Makes a file of every approved payout: each is claimed for this file (`approved` → `in_file:<file>`, so two files
 * made at once never share one), its amount is the balance now (frozen since approval), and the transfers are written
 * as pain.001.001.03 from the association's account (the settings' creditor details).
 */
export async function makePayoutFile(db: Connection, ctx: Ctx, user: Person, log: AuditWarnLogger): Promise<PayoutFileDoc> {
  const settings = await getSettings(db);
  if (!settings.creditorName || !settings.creditorIban) throw new AppError(409, 'conflict', "Set the association's name and IBAN (the creditor details) first: the file pays from that account.");
  const approved = (await payoutModel(db).find({ state: 'approved' }).sort({ approvedAt: 1 }).lean()) as PayoutDoc[];
  if (approved.length === 0) throw new AppError(409, 'conflict', 'No approved payouts to put in a file.');
  const fileId = new Types.ObjectId();
  const at = ctx.now();
  const mine: { doc: PayoutDoc; amount: number }[] = [];
  for (const doc of approved) {
    try {
      await claimTransition(db, { entity: 'payout', id: String(doc._id), from: 'approved', to: `in_file:${String(fileId)}`, by: user.username }, at);
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 409) continue; // another file or a cancel took it
      throw err;
    }
    mine.push({ doc, amount: Math.max(0, (await ctx.ledger.readHead(String(doc.accountId))).balanceAfter) });
  }
  if (mine.length === 0) throw new AppError(409, 'conflict', 'No approved payouts to put in a file.');
  const msgId = `PO${String(fileId)}`;
  const transfers = mine.filter((m) => !m.doc.donate && m.amount > 0);
  const donations = mine.filter((m) => m.doc.donate);
  const executionDate = executionDay(at);
  const xml =
    transfers.length > 0
      ? writePain001({
          msgId,
          createdAt: at,
          executionDate,
          debtor: { name: settings.creditorName, iban: settings.creditorIban, bic: settings.creditorBic },
          transfers: transfers.map((t, i) => ({ txId: String(i + 1), endToEndId: `${msgId}.${i + 1}`, name: t.doc.holder ?? t.doc.accountName, iban: t.doc.iban ?? '', amount: t.amount, remittance: `Uitbetaling saldo ${t.doc.accountName}` })),
        })
      : null;
  const file = {
    _id: fileId,
    msgId,
    executionDate,
    xml,
    sha256: xml ? createHash('sha256').update(xml).digest('hex') : null,
    payoutIds: mine.map((m) => m.doc._id),
    count: transfers.length,
    total: transfers.reduce((s, t) => s + t.amount, 0),
    donations: donations.length,
    donated: donations.reduce((s, d) => s + d.amount, 0),
    createdAt: at,
    createdBy: actorOf(user),
  };
  await ctx.audit.audited(
    { actor: actorOf(user), action: 'payout_file.create', entity: 'payout_file', entityId: String(fileId), before: null, after: { msgId, count: file.count, total: file.total, donations: file.donations, donated: file.donated, payouts: mine.map((m) => String(m.doc._id)) }, expect: { sent: false }, at },
    log,
    async () => {
      await payoutFileModel(db).create(file);
      for (const m of mine) await payoutModel(db).updateOne({ _id: m.doc._id }, { $set: { state: 'in_file', fileId, amount: m.amount } });
    },
  );
  return (await payoutFileModel(db).findById(fileId).lean()) as PayoutFileDoc;
}

/**
 * The bank has the file: claims `made` → `sent` once, then books each of its payouts by key (`payout:<id>`: minus
 * the file's amount, so the books say what the bank paid), closes each account that is at € 0,00 then (one that got
 * money meanwhile stays open, thawed, with the rest), and mails the member. A retry finishes what a crash left.
 */
export async function markPayoutFileSent(db: Connection, ctx: Ctx, fileId: string, user: Person, log: AuditWarnLogger): Promise<PayoutFileDoc> {
  const file = (await payoutFileModel(db).findById(fileId).lean()) as PayoutFileDoc | null;
  if (!file) throw new AppError(404, 'not_found', 'Payout file not found.');
  const at = file.sentAt ?? ctx.now();
  await claimTransition(db, { entity: 'payout_file', id: fileId, from: 'made', to: 'sent', by: user.username }, at);
  const payouts = (await payoutModel(db).find({ _id: { $in: file.payoutIds } }).lean()) as PayoutDoc[];
  await ctx.audit.audited(
    { actor: actorOf(user), action: 'payout_file.sent', entity: 'payout_file', entityId: fileId, before: { sent: false }, after: { sent: true, msgId: file.msgId, count: file.count, total: file.total, donations: file.donations, donated: file.donated }, expect: { sent: true }, key: `payout_file.sent:${fileId}`, at },
    log,
    async () => {
      for (const p of payouts) await bookPayout(db, ctx, p, user, at);
      await payoutFileModel(db).updateOne({ _id: file._id }, { $set: { sentAt: at, sentBy: actorOf(user) } });
    },
  );
  ctx.directory.invalidate();
  return (await payoutFileModel(db).findById(fileId).lean()) as PayoutFileDoc;
}

async function bookPayout(db: Connection, ctx: Ctx, p: PayoutDoc, user: Person, at: Date): Promise<void> {
  const accountId = String(p.accountId);
  const amount = p.amount ?? 0;
  if (amount > 0) {
    await ctx.ledger.post({
      accountId,
      amount: -amount,
      key: `payout:${String(p._id)}`,
      kind: p.donate ? 'donation' : 'payout',
      ref: `payout:${String(p._id)}`,
      description: p.donate ? 'Balance donated to the association' : `Paid out to ${p.iban ?? 'the bank'}`,
      by: user.username,
      // The bank paid this amount: the books say so even if the account held less (the freeze makes that not happen).
      allowNegative: true,
    });
  }
  const left = await ctx.ledger.readHead(accountId);
  const close = left.balanceAfter === 0 ? { closedAt: (await accountModel(db).findById(accountId, { closedAt: 1 }).lean())?.closedAt ?? at } : {};
  await ctx.ledger.updateAccount(accountId, { payoutFrozen: null, ...close });
  await payoutModel(db).updateOne({ _id: p._id }, { $set: { state: 'booked', bookedAt: at }, $unset: { openSlot: 1 } });
  const users = (await usersOfAccounts(db, [accountId])).get(accountId) ?? [];
  for (const u of users) {
    await ctx.notices.queue({ key: `payout.sent:${String(p._id)}:${String(u._id)}`, kind: 'payout.sent', user: u, accountId, data: { amount, iban: p.iban ?? null, donated: p.donate } });
  }
}

export async function payoutFileView(db: Connection, ctx: Ctx, file: PayoutFileDoc): Promise<PayoutFile> {
  const payouts = (await payoutModel(db).find({ _id: { $in: file.payoutIds } }).lean()) as PayoutDoc[];
  return { ...payoutFileSummary(file), payouts: await payoutViews(ctx, payouts) };
}

export const payoutFileSummary = (file: PayoutFileDoc): Omit<PayoutFile, 'payouts'> => ({
  id: String(file._id),
  msgId: file.msgId,
  createdAt: file.createdAt.toISOString(),
  createdBy: { id: file.createdBy.id ?? null, username: file.createdBy.username ?? null },
  count: file.count,
  total: file.total,
  donations: file.donations,
  donated: file.donated,
  sentAt: file.sentAt?.toISOString() ?? null,
  sentBy: file.sentBy ? { id: file.sentBy.id ?? null, username: file.sentBy.username ?? null } : null,
});

/** The member's open payout, else their last one; null when none was asked. */
export async function memberPayout(db: Connection, accountId: string): Promise<PayoutDoc | null> {
  const open = (await payoutModel(db).findOne({ openSlot: accountId }).lean()) as PayoutDoc | null;
  return open ?? ((await payoutModel(db).findOne({ accountId: new Types.ObjectId(accountId) }).sort({ requestedAt: -1 }).lean()) as PayoutDoc | null);
}

/** The audit relay's checks: a payout's state, a file's sent flag, as they are now. */
export function payoutAuditChecks(db: Connection) {
  return {
    payout: async (id: string) => {
      const doc = await payoutModel(db).findById(id, { state: 1 }).lean();
      return doc && { state: doc.state };
    },
    payout_file: async (id: string) => {
      const doc = await payoutFileModel(db).findById(id, { sentAt: 1 }).lean();
      return doc && { sent: doc.sentAt !== null };
    },
  };
}
