import {
  DirectDebitDebtors,
  InvoicedDebts,
  formatEuros,
  DirectDebitFailureResult,
  isBusinessDayString,
  nextBusinessDay,
  PostingResult,
  PrenoticeResult,
  type ApprovalView,
  type AuditActor,
  type Creditor,
  type DirectDebitBatchBody,
  type DirectDebitBatchSummary,
  type DirectDebitLine,
  type DirectDebitPreview,
  type DirectDebitSkipped,
  type ValidationDetail,
} from '@kassa/contracts';
import { checkCreditorId } from '@kassa/contracts/sepa';
import { addDays, AppError, claimTransition, fourEyes, isDuplicateKey, localDay, readApproval, type AuditClient, type AuditWarnLogger, type FourEyesUser, type InternalClient } from '@kassa/service-kit';
import type { Queue } from 'bullmq';
import { Types, type Connection } from 'mongoose';
import { directDebitBatchModel, directDebitFailureModel, directDebitFileModel, type DirectDebitBatchDoc } from './models/direct-debit-batch.model';
import { PAIN_FORMATS } from './pain008';

/** A file job that fails (the store away a moment) is tried again, 1 s, 2 s, 4 s … later, eight times in all. */
export const FILE_JOB_RETRIES = { attempts: 8, backoff: { type: 'exponential' as const, delay: 1_000 } };
export const DIRECT_DEBIT_FILE_QUEUE = 'direct-debit-file';
export interface DirectDebitFileData {
  batchId: string;
}

export interface DirectDebitDeps {
  db: Connection;
  accounts: InternalClient;
  /** Which debts final invoices bill (they are left out of a batch). */
  checkout: InternalClient;
  audit: AuditClient;
  fileQueue: Queue<DirectDebitFileData>;
  now: () => Date;
  /** DIRECT_DEBIT_COLLECT_EARLY: marking collected before the collection date allowed (end-to-end tests only). */
  collectEarly?: boolean;
}

/** A batch may be marked collected from its collection date on, in Dutch time: the bank has not collected before. */
export const collectable = (deps: Pick<DirectDebitDeps, 'now' | 'collectEarly'>, b: Pick<DirectDebitBatchDoc, 'collectionDate'>) =>
  Boolean(deps.collectEarly) || localDay(deps.now(), TZ) >= b.collectionDate;

export const BATCH_ENTITY = 'direct_debit_batch';
const daysText = (days: number) => (days === 1 ? '1 day' : `${days} days`);
const TZ = 'Europe/Amsterdam';

export const batchNotFound = () => new AppError(404, 'not_found', 'Direct-debit batch not found.');
const noCreditor = () => new AppError(409, 'conflict', 'Set the creditor details first.');
const line = (field: string, msg: string): ValidationDetail => ({ loc: ['body', field], msg, type: 'value_error' });

/** The batch as lists and the audit log show it. */
export function batchSummary(b: DirectDebitBatchDoc): DirectDebitBatchSummary {
  const failed = b.debits.filter((d) => d.status === 'failed');
  return {
    id: String(b._id),
    collectionDate: b.collectionDate,
    cutoff: b.cutoff,
    status: b.status as DirectDebitBatchSummary['status'],
    fileStatus: b.fileStatus as DirectDebitBatchSummary['fileStatus'],
    fileError: b.fileError ?? null,
    msgId: b.msgId,
    count: b.count,
    total: b.total,
    skippedCount: b.skipped.length,
    failedCount: failed.length,
    failedTotal: failed.reduce((s, d) => s + d.amount, 0),
    createdAt: b.createdAt.toISOString(),
    createdBy: b.createdBy,
    collectedAt: b.collectedAt ? b.collectedAt.toISOString() : null,
    cancelledAt: b.cancelledAt ? b.cancelledAt.toISOString() : null,
    prenotice: b.prenotice?.at
      ? { at: b.prenotice.at.toISOString(), told: b.prenotice.told, untold: (b.prenotice.untold ?? []).map((u) => ({ accountId: u.accountId ?? '', name: u.name ?? '' })), days: b.prenoticeDays ?? 14 }
      : null,
  };
}

/**
 * Tells the members of a batch amount, collection date, mandate and creditor id (accounts records and mails one notice
 * per user of each account, keyed by batch, account and user: asking again tells nobody twice), and records when.
 */
export async function prenotify(deps: Pick<DirectDebitDeps, 'db' | 'accounts' | 'now'>, batch: DirectDebitBatchDoc): Promise<DirectDebitBatchDoc> {
  if (batch.prenotice?.at) return batch;
  const result = await deps.accounts('/internal/notices/direct-debit', PrenoticeResult, {
    method: 'POST',
    repeatable: true,
    body: {
      batchId: String(batch._id),
      collectionDate: batch.collectionDate,
      creditorId: batch.creditor.creditorId ?? '',
      debits: batch.debits.map((d) => ({ accountId: d.accountId, name: d.name, amount: d.amount, mandateId: d.mandateId })),
    },
  });
  const prenotice = { at: deps.now(), told: result.told, untold: result.untold };
  await directDebitBatchModel(deps.db).updateOne({ _id: batch._id, prenotice: null }, { $set: { prenotice } });
  return loadBatch(deps.db, String(batch._id));
}

/**
 * A batch's file goes to the bank, and its debits are booked collected, only once its members were told, and (SEPA
 * Core) at least the batch's days ahead of its collection date. Not told yet (accounts did not answer when the batch
 * was made): told now, or 409.
 */
export async function requirePrenotice(deps: Pick<DirectDebitDeps, 'db' | 'accounts' | 'now' | 'collectEarly'>, batch: DirectDebitBatchDoc): Promise<void> {
  const told = batch.prenotice?.at ? batch : await prenotify(deps, batch).catch(() => null);
  if (!told?.prenotice?.at) throw new AppError(409, 'conflict', 'The members are not told of this collection yet (the accounts service did not answer): try again in a moment.');
  if (deps.collectEarly) return;
  const day = localDay(told.prenotice.at, TZ);
  const days = batch.prenoticeDays ?? 14;
  if (addDays(day, days) > batch.collectionDate) {
    throw new AppError(409, 'conflict', `The members were told on ${longDay(day)}, less than ${daysText(days)} before the collection on ${longDay(batch.collectionDate)}: cancel this batch and make one with a later collection date.`);
  }
}

export function debitLine(d: DirectDebitBatchDoc['debits'][number]): DirectDebitLine {
  return {
    accountId: d.accountId,
    name: d.name,
    iban: d.iban,
    bic: d.bic ?? '',
    mandateId: d.mandateId,
    mandateSignedAt: d.mandateSignedAt,
    amount: d.amount,
    endToEndId: d.endToEndId,
    status: d.status as DirectDebitLine['status'],
    failedAt: d.failedAt ? d.failedAt.toISOString() : null,
    failReason: d.failReason ?? null,
  };
}

interface Plan {
  creditor: Creditor;
  debits: Omit<DirectDebitLine, 'endToEndId' | 'status' | 'failedAt' | 'failReason'>[];
  skipped: DirectDebitSkipped[];
  /** The setting: members are told this many days before the collection. */
  prenotificationDays: number;
}

/**
 * Who a batch with these dates would collect from, and who it skips and why. The collection date must be a TARGET2
 * business day at least one business day ahead; the cut-off a day that has begun. Creditor details must be set.
 */
export async function planBatch(deps: DirectDebitDeps, body: DirectDebitBatchBody): Promise<Plan> {
  const today = localDay(deps.now(), TZ);
  const lines: ValidationDetail[] = [];
  if (!isBusinessDayString(body.collectionDate)) {
    lines.push(line('collectionDate', 'The collection date must be a bank business day (TARGET2): not a weekend, 1 January, Good Friday, Easter Monday, 1 May, 25 or 26 December.'));
  } else if (body.collectionDate < nextBusinessDay(today)) {
    lines.push(line('collectionDate', `The collection date must be at least one business day ahead: ${nextBusinessDay(today)} or later.`));
  }
  if (body.cutoff > today) lines.push(line('cutoff', 'The cut-off cannot be in the future: debts are counted up to the end of that day.'));
  if (lines.length > 0) throw new AppError(422, 'validation_error', 'Validation error', lines);

  const [{ creditor, debtors, prenotificationDays }, invoiced] = await Promise.all([
    deps.accounts(`/internal/direct-debit/debtors?cutoff=${body.cutoff}`, DirectDebitDebtors),
    deps.checkout(`/internal/invoices/debts?cutoff=${body.cutoff}`, InvoicedDebts),
  ]);
  if (!creditor) throw noCreditor();
  // SEPA Core: the members are told (when the batch is made) at least prenotificationDays before the collection.
  const earliest = nextBusinessDay(addDays(today, prenotificationDays - 1));
  if (!deps.collectEarly && body.collectionDate < earliest) {
    throw new AppError(422, 'validation_error', 'Validation error', [line('collectionDate', `Members are told of a direct debit ${daysText(prenotificationDays)} ahead: the collection date must be ${earliest} or later.`)]);
  }
  if ('error' in checkCreditorId(creditor.creditorId)) {
    throw new AppError(422, 'validation_error', 'Validation error', [line('creditorId', `The creditor id in the settings (${creditor.creditorId}) is wrong: its check digits do not match.`)]);
  }
  const plan: Plan = { creditor, debits: [], skipped: [], prenotificationDays };
  const onInvoice = new Map(invoiced.accounts.map((a) => [a.accountId, a]));
  for (const debtor of debtors) {
    // A sale is settled by one route: what a final invoice bills is paid by the invoice, not collected.
    const inv = onInvoice.get(debtor.accountId);
    const left = inv ? Math.min(inv.amount, debtor.owed) : 0;
    if (inv && left > 0) {
      const detail = `${formatEuros(left)} of ${formatEuros(debtor.owed)} is billed by invoice ${inv.numbers.join(', ')}: paid by the invoice, not collected.`;
      plan.skipped.push({ accountId: debtor.accountId, name: debtor.name, amount: left, reason: 'invoiced', detail });
    }
    const d = { ...debtor, owed: debtor.owed - left };
    if (d.owed <= 0) continue;
    const reason = d.closed ? 'closed' : !d.iban ? 'no_iban' : !d.mandateId || !d.mandateSignedAt ? 'no_mandate' : null;
    if (reason) plan.skipped.push({ accountId: d.accountId, name: d.name, amount: d.owed, reason });
    else plan.debits.push({ accountId: d.accountId, name: d.name, iban: d.iban ?? '', bic: d.bic ?? '', mandateId: d.mandateId ?? '', mandateSignedAt: d.mandateSignedAt ?? '', amount: d.owed });
  }
  return plan;
}

export async function previewBatch(deps: DirectDebitDeps, body: DirectDebitBatchBody): Promise<DirectDebitPreview> {
  const plan = await planBatch(deps, body);
  return {
    ...body,
    count: plan.debits.length,
    total: plan.debits.reduce((s, d) => s + d.amount, 0),
    debits: plan.debits.map(({ accountId, name, iban, mandateId, amount }) => ({ accountId, name, iban, mandateId, amount })),
    skipped: plan.skipped,
  };
}

/**
 * Makes a batch and asks for its file. One batch per cut-off (unless cancelled), none while another is open (its
 * debts would be collected twice), and cut-offs only move forward.
 */
export async function createBatch(deps: DirectDebitDeps, body: DirectDebitBatchBody, actor: AuditActor, log: AuditWarnLogger): Promise<DirectDebitBatchSummary> {
  const Batch = directDebitBatchModel(deps.db);
  const same = await Batch.findOne({ activeCutoff: body.cutoff }, { collectionDate: 1 }).lean();
  if (same) throw new AppError(409, 'conflict', `There is already a batch for cut-off ${body.cutoff}; cancel it first to make a new one.`);
  const open = await Batch.findOne({ status: 'open' }, { cutoff: 1 }).lean();
  if (open) throw new AppError(409, 'conflict', `The batch with cut-off ${open.cutoff} is still open: mark it collected or cancel it first.`);
  const latest = await Batch.findOne({ status: 'collected' }, { cutoff: 1 }).sort({ cutoff: -1 }).lean();
  if (latest && body.cutoff <= latest.cutoff) {
    throw new AppError(422, 'validation_error', 'Validation error', [line('cutoff', `The cut-off must be after the last collected batch's cut-off (${latest.cutoff}).`)]);
  }
  const plan = await planBatch(deps, body);
  if (plan.debits.length === 0) throw new AppError(409, 'conflict', 'Nobody owes money at this cut-off: there is nothing to collect.');

  const _id = new Types.ObjectId();
  // 26 characters of the SEPA set, unique because the batch id is; the payment block and each debit add a suffix.
  const msgId = `DD${_id.toHexString()}`;
  const now = deps.now();
  const doc = {
    _id,
    collectionDate: body.collectionDate,
    cutoff: body.cutoff,
    activeCutoff: body.cutoff,
    openSlot: 'open',
    status: 'open',
    msgId,
    creditor: plan.creditor,
    debits: plan.debits.map((d, i) => ({ ...d, endToEndId: `${msgId}.${i + 1}`, status: 'pending', failedAt: null, failReason: null })),
    skipped: plan.skipped,
    count: plan.debits.length,
    total: plan.debits.reduce((s, d) => s + d.amount, 0),
    fileStatus: 'pending',
    createdBy: actor.username ?? 'unknown',
    createdAt: now,
    updatedAt: now,
    prenoticeDays: plan.prenotificationDays,
    prenotice: null,
  };
  const expected = { status: 'open', cutoff: body.cutoff, collectionDate: body.collectionDate, count: doc.count, total: doc.total };
  const created = await deps.audit.audited(
    { actor, action: 'direct_debit.create', entity: BATCH_ENTITY, entityId: String(_id), before: null, after: { ...expected, skippedCount: plan.skipped.length }, expect: expected, at: now },
    log,
    async () => {
      try {
        await Batch.collection.insertOne(doc as never);
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        // Another batch was made at the same moment: for this cut-off, or another one that is open now.
        if (await Batch.exists({ activeCutoff: body.cutoff })) throw new AppError(409, 'conflict', `There is already a batch for cut-off ${body.cutoff}; cancel it first to make a new one.`);
        throw new AppError(409, 'conflict', 'Another batch was made at the same moment and is open: mark it collected or cancel it first.');
      }
      await deps.fileQueue.add('write', { batchId: String(_id) }, { jobId: `file-${String(_id)}`, ...FILE_JOB_RETRIES });
      const made = await loadBatch(deps.db, String(_id));
      // The members are told now; should accounts not answer, the file and "collected" tell them first (requirePrenotice).
      return prenotify(deps, made).catch((err: unknown) => {
        log.warn({ err: (err as Error).message, batchId: String(_id) }, 'direct-debit pre-notification not sent yet');
        return made;
      });
    },
    (b) => ({ after: batchSummary(b) }),
  );
  return batchSummary(created);
}

export async function loadBatch(db: Connection, id: string): Promise<DirectDebitBatchDoc> {
  if (!Types.ObjectId.isValid(id)) throw batchNotFound();
  const doc = (await directDebitBatchModel(db).findById(id).lean()) as DirectDebitBatchDoc | null;
  if (!doc) throw batchNotFound();
  return (await withRecords(db, [doc]))[0]!;
}

/**
 * The batches with what the insert-only records say laid over: their failed debits (the failures), and their file
 * written once every format of it is stored. The file worker does not write the batch: on FerretDB an update writes the
 * whole document back, so its "ready" was lost to the pre-notification stored at the same moment (a batch shown as
 * "Writing the file…" for good), and could as well have undone a cancel. [ferretdb:no-atomic-update]
 */
export async function withRecords(db: Connection, docs: DirectDebitBatchDoc[]): Promise<DirectDebitBatchDoc[]> {
  if (docs.length === 0) return docs;
  const ids = docs.map((d) => String(d._id));
  const [failures, written] = await Promise.all([directDebitFailureModel(db).find({ batchId: { $in: ids } }).lean(), withFiles(db, ids)]);
  const byKey = new Map(failures.map((f) => [`${f.batchId}:${f.accountId}`, f]));
  return docs.map((doc) => ({
    ...doc,
    ...(doc.fileStatus !== 'failed' && written.has(String(doc._id)) ? { fileStatus: 'ready', fileError: null } : {}),
    debits: doc.debits.map((d) => {
      const f = byKey.get(`${String(doc._id)}:${d.accountId}`);
      return f ? { ...d, status: 'failed', failedAt: f.at, failReason: f.reason ?? null } : d;
    }),
    // Lean documents: the arrays are plain arrays, whatever mongoose's inferred DocumentArray type says.
  })) as unknown as DirectDebitBatchDoc[];
}

/** Of the batches `ids`, those whose file is stored in every format. */
export async function withFiles(db: Connection, ids: string[]): Promise<Set<string>> {
  const files = await directDebitFileModel(db).find({ batchId: { $in: ids } }, { batchId: 1, format: 1 }).lean();
  const formats = new Map<string, Set<string>>();
  for (const f of files) formats.set(f.batchId, (formats.get(f.batchId) ?? new Set()).add(f.format));
  return new Set([...formats].filter(([, stored]) => PAIN_FORMATS.every((format) => stored.has(format))).map(([id]) => id));
}

/** A batch that was never sent to the bank is cancelled; its cut-off is free again. */
export async function cancelBatch(deps: DirectDebitDeps, id: string, actor: AuditActor, log: AuditWarnLogger): Promise<DirectDebitBatchSummary> {
  const before = await loadBatch(deps.db, id);
  if (before.status === 'cancelled') return batchSummary(before);
  if (before.status === 'collected') throw new AppError(409, 'conflict', 'A collected batch cannot be cancelled: mark single debits failed instead.');
  const now = deps.now();
  // Claimed before anything changes: marking it collected at the same moment gets 409.
  await claimTransition(deps.db, { entity: BATCH_ENTITY, id, from: 'open', to: 'cancelled', by: actor.username }, now);
  const after = await deps.audit.audited(
    { actor, action: 'direct_debit.cancel', entity: BATCH_ENTITY, entityId: id, before: batchSummary(before), after: { ...batchSummary(before), status: 'cancelled' }, expect: { status: 'cancelled' }, at: now, key: `direct-debit-cancel:${id}` },
    log,
    async () => {
      await directDebitBatchModel(deps.db).updateOne({ _id: before._id, status: 'open' }, { $set: { status: 'cancelled', activeCutoff: `cancelled:${id}`, cancelledAt: now }, $unset: { openSlot: 1 } });
      const b = await loadBatch(deps.db, id);
      if (b.status !== 'cancelled') throw new AppError(409, 'conflict', 'The batch was collected meanwhile and cannot be cancelled.');
      return b;
    },
    (b) => ({ after: batchSummary(b) }),
  );
  return batchSummary(after);
}

/** "2026-11-24" as "24 november 2026" (nl-NL), for the member's history. */
const longDay = (day: string) => new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));

export const collectedKey = (batchId: string, accountId: string) => `direct-debit:${batchId}:${accountId}`;
const failedKey = (batchId: string, accountId: string) => `direct-debit-failed:${batchId}:${accountId}`;

/**
 * The bank collected the batch: one direct_debit credit per debit (key per batch and account), then the batch is
 * collected. Marking it again posts nothing (the keys), and a retry after a half-done attempt completes it.
 */
export async function markCollected(deps: DirectDebitDeps, id: string, actor: AuditActor, log: AuditWarnLogger): Promise<DirectDebitBatchSummary>;
export async function markCollected(deps: DirectDebitDeps, id: string, actor: AuditActor, log: AuditWarnLogger, user: FourEyesUser): Promise<DirectDebitBatchSummary | { pending: ApprovalView }>;
/**
 * With `user` (the admin route) the batch is collected on four eyes (issue 50 §5): the first admin's call prepares it
 * and answers `{ pending }`, another treasurer's same call approves it and the debits are booked (once: the claim and
 * the keys). Without it (the module's own tests) it is booked at once.
 */
export async function markCollected(deps: DirectDebitDeps, id: string, actor: AuditActor, log: AuditWarnLogger, user?: FourEyesUser): Promise<DirectDebitBatchSummary | { pending: ApprovalView }> {
  // The approval is read with the batch: an approver reaches the claim as soon as a cancel at the same moment does.
  const [before, read] = await Promise.all([loadBatch(deps.db, id), user ? readApproval(deps.db, { entity: BATCH_ENTITY, id, action: 'collected' }) : undefined]);
  if (before.status === 'collected') return batchSummary(before);
  if (before.status === 'cancelled') throw new AppError(409, 'conflict', 'This batch was cancelled: it cannot be collected.');
  if (before.fileStatus !== 'ready') throw new AppError(409, 'conflict', 'The file of this batch is not written yet: download and send it to the bank first.');
  if (!collectable(deps, before)) throw new AppError(409, 'conflict', `The bank collects this batch on ${longDay(before.collectionDate)}: mark it collected on that day or later.`);
  await requirePrenotice(deps, before);
  let recorded: Promise<unknown> = Promise.resolve();
  if (user) {
    const gate = await fourEyes(
      { db: deps.db, audit: deps.audit, log, now: deps.now },
      {
        service: 'payments',
        entity: BATCH_ENTITY,
        id,
        action: 'collected',
        user,
        roles: ['treasurer'],
        summary: `Mark the direct-debit batch of ${longDay(before.collectionDate)} collected: ${before.count} debits, ${formatEuros(before.total)} booked on the accounts`,
        amount: before.total,
        approve: { method: 'POST', path: `/api/admin/direct_debit/${id}/collected`, body: null },
      },
      read,
    );
    if (!gate.approved) return { pending: gate.approval };
    recorded = gate.recorded;
  }
  const now = deps.now();
  // Claimed before any debtor is credited: cancelling it at the same moment gets 409.
  await claimTransition(deps.db, { entity: BATCH_ENTITY, id, from: 'open', to: 'collected', by: actor.username }, now);
  const after = await deps.audit.audited(
    {
      actor,
      action: 'direct_debit.collected',
      entity: BATCH_ENTITY,
      entityId: id,
      before: batchSummary(before),
      after: { ...batchSummary(before), status: 'collected' },
      expect: { status: 'collected' },
      at: now,
      key: `direct-debit-collected:${id}`,
    },
    log,
    async () => {
      for (const d of before.debits) {
        await deps.accounts('/internal/ledger/postings', PostingResult, {
          body: {
            target: { accountId: d.accountId },
            amount: d.amount,
            key: collectedKey(id, d.accountId),
            kind: 'direct_debit',
            ref: id,
            description: `Direct debit: balance up to ${longDay(before.cutoff)}`,
          },
        });
      }
      const debits = before.debits.map((d) => ({ ...d, status: 'collected' }));
      await directDebitBatchModel(deps.db).updateOne({ _id: before._id, status: 'open' }, { $set: { status: 'collected', collectedAt: now, debits }, $unset: { openSlot: 1 } });
      return loadBatch(deps.db, id);
    },
    (b) => ({ after: batchSummary(b) }),
  );
  await recorded;
  return batchSummary(after);
}

/**
 * The bank reversed one collected debit: the debt goes back on the account (key per batch and account), credit is
 * switched off as the terms say, and the debit shows as failed.
 */
export async function markDebitFailed(
  deps: DirectDebitDeps,
  id: string,
  accountId: string,
  reason: string,
  actor: AuditActor,
  log: AuditWarnLogger,
): Promise<DirectDebitBatchSummary> {
  const before = await loadBatch(deps.db, id);
  const debit = before.debits.find((d) => d.accountId === accountId);
  if (!debit) throw new AppError(404, 'not_found', 'This account has no debit in this batch.');
  if (debit.status === 'failed') return batchSummary(before);
  if (before.status !== 'collected') throw new AppError(409, 'conflict', 'Mark the batch collected first: only a collected debit can fail.');
  const now = deps.now();
  const failReason = reason || null;
  const after = await deps.audit.audited(
    {
      actor,
      action: 'direct_debit.debit_failed',
      entity: BATCH_ENTITY,
      entityId: id,
      before: { debit: { accountId, name: debit.name, amount: debit.amount, status: debit.status }, creditAccount: true },
      after: { debit: { accountId, name: debit.name, amount: debit.amount, status: 'failed', failReason }, creditAccount: false, balanceChange: -debit.amount },
      expect: { failedCount: before.debits.filter((d) => d.status === 'failed').length + 1 },
      at: now,
      key: `direct-debit-failed:${id}:${accountId}`,
    },
    log,
    async () => {
      await deps.accounts('/internal/ledger/postings', PostingResult, {
        body: {
          target: { accountId },
          amount: -debit.amount,
          key: failedKey(id, accountId),
          kind: 'direct_debit',
          ref: id,
          // The debt comes back whatever the balance now: the account may be far below zero already.
          allowNegative: true,
          description: 'Direct debit failed: reversed by the bank',
        },
      });
      await deps.accounts(`/internal/accounts/${accountId}/direct-debit-failure`, DirectDebitFailureResult, { body: { batchId: id, amount: debit.amount, at: now.toISOString() } });
      try {
        await directDebitFailureModel(deps.db).create({ batchId: id, accountId, at: now, reason: failReason });
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
      return loadBatch(deps.db, id);
    },
    (b) => ({ after: { debit: { accountId, name: debit.name, amount: debit.amount, status: 'failed', failReason }, creditAccount: false, balanceChange: -debit.amount, batch: batchSummary(b) } }),
  );
  return batchSummary(after);
}
