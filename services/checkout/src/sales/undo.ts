import { randomUUID } from 'node:crypto';
import type { PostingResult, TokenClaims, UndoResult } from '@kassa/contracts';
import { amountDue, formatEuros, ledgerKeys } from '@kassa/contracts';
import { AppError, localDay, notFound, type AuditWarnLogger } from '@kassa/service-kit';
import { transactionModel, type TransactionDoc } from '../models/transaction.model';
import { postLedger, type CheckoutContext } from '../context';
import { liveSaleId } from './live-feed';
import { isOwnSale } from './own-sale';
import { undoResult } from './views';
import { shiftModel } from '../shifts/models/shift.model';
import { openShiftId } from '../shifts/shifts';
import { markReportDay } from '../reports/day-sums';

export interface UndoOptions {
  /** Administrators may undo any finished sale, also a card sale (after refunding it at the terminal) and an old one. */
  admin: boolean;
  note?: string;
  /** A card sale at the till: the staff member confirms the card was refunded at the terminal. */
  refundConfirmed?: boolean;
}

/**
 * Where a sale's undo window starts for a till: when the server got it. For a sale made online that is when it was
 * made; a sale made offline is undoable from the till for the window after it arrived (it moved no money before).
 */
export const undoWindowStart = (tx: Pick<TransactionDoc, 'createdAt' | 'receivedAt'>): Date => new Date(tx.receivedAt ?? tx.createdAt);

const notAllowed = (message: string) => new AppError(409, 'undo_not_allowed', message);

/**
 * Undoes a finished sale with reversing postings (`undo:<id>` and `undo:<id>:topup`), never by deleting anything.
 * The keys make it happen once however often it is asked; a repeated call answers the same result.
 */
export async function undoSale(ctx: CheckoutContext, id: string, user: TokenClaims, opts: UndoOptions, requestId?: string): Promise<UndoResult> {
  const Tx = transactionModel(ctx.db);
  const tx = (await Tx.findById(id).lean()) as TransactionDoc | null;
  if (!tx || !isOwnSale(tx, user)) throw notFound('Transaction not found');
  if (tx.undone) return undoResult(tx);
  if (tx.status !== 'completed') throw notAllowed('Only a finished sale can be undone.');
  if (!opts.admin) {
    if (tx.method === 'card' && !opts.refundConfirmed) {
      throw notAllowed(`Refund ${formatEuros(amountDue(tx))} at the terminal first, then confirm the refund.`);
    }
    const minutes = Math.round(ctx.env.UNDO_WINDOW_MS / 60_000);
    if (ctx.now().getTime() - undoWindowStart(tx).getTime() > ctx.env.UNDO_WINDOW_MS) {
      throw notAllowed(`This sale is more than ${minutes} minutes old; ask an administrator to undo it.`);
    }
    // A closed shift's count is final: its sales are undone by an administrator, not from the till.
    if (tx.shiftId && (await shiftModel(ctx.db).exists({ _id: tx.shiftId, status: 'closed' }))) {
      throw notAllowed('This sale belongs to a shift that is closed; ask an administrator to undo it.');
    }
  }

  let reversal: PostingResult | null = null;
  // The top-up goes back first: when its money was already spent, the ledger refuses and nothing is undone.
  if (tx.upgrade?.posted) {
    reversal = await postLedger(
      ctx,
      { target: { accountId: tx.upgrade.accountId }, amount: -tx.upgrade.amount, key: ledgerKeys.undoTopUp(id), kind: 'undo', ref: id, description: 'Undo of a top-up' },
      requestId,
    );
  }
  if ((tx.method === 'account' || tx.method === 'self') && tx.accountId && tx.total !== 0) {
    reversal = await postLedger(
      ctx,
      { target: { accountId: tx.accountId }, amount: tx.total, key: ledgerKeys.undo(id), kind: 'undo', ref: id, description: 'Undo of a purchase' },
      requestId,
    );
  }

  const now = ctx.now();
  // The drawer that pays the cash back: the shift open at the undoing till's register (an admin page has none).
  const shiftId = await openShiftId(ctx, user.registerId);
  const { modifiedCount } = await Tx.updateOne(
    { _id: tx._id, undone: null },
    {
      $set: {
        undone: {
          at: now,
          by: user.username,
          admin: opts.admin,
          note: opts.note ?? (tx.method === 'card' && opts.refundConfirmed ? `Refunded at the terminal, confirmed by ${user.username}` : null),
          balanceAfter: reversal?.balanceAfter ?? null,
          accountName: reversal?.accountName ?? null,
          day: localDay(now, ctx.env.TIME_ZONE),
          shiftId,
        },
      },
    },
  );
  // An undo counts with the sale it undid: a closed day's kept report sums are stale now.
  if (modifiedCount > 0) await markReportDay(ctx, tx.day);
  // The live slide marks the sale undone (once: a repeated or concurrent undo changed nothing and says nothing).
  if (modifiedCount > 0) void ctx.live.publish({ id: randomUUID(), at: now.toISOString(), undoes: liveSaleId(ctx.env.INTERNAL_TOKEN, id) });
  const current = (await Tx.findById(tx._id).lean()) as TransactionDoc;
  return undoResult(current);
}

/**
 * An undo made together with its audit entry (once per sale and action, keyed): who, the sale before, and after. The
 * entry is written ahead with the undo's author as its expected after; `settle` adds what the undo answered.
 */
export function auditedUndo(
  ctx: CheckoutContext,
  request: { user: TokenClaims; params: { id: string }; log: AuditWarnLogger },
  action: 'transaction.undo' | 'transaction.card_refund',
  before: object,
  after: (result: UndoResult) => object,
  undo: () => Promise<UndoResult>,
): Promise<UndoResult> {
  const id = request.params.id;
  return ctx.audit.audited(
    {
      actor: { id: request.user.sub, username: request.user.username },
      key: `${action}:${id}`,
      action,
      entity: 'transaction',
      entityId: id,
      before,
      after: { undone: { by: request.user.username } },
    },
    request.log,
    undo,
    (result) => ({ after: after(result) }),
  );
}

/**
 * How the audit relay tells whether the undo of an entry left pending happened: the sale is undone by the entry's
 * author. The entry is then delivered with the undo as stored.
 */
export function registerUndoAuditCheck(ctx: Pick<CheckoutContext, 'db' | 'audit'>) {
  ctx.audit.check('transaction', async (entry) => {
    const tx = (await transactionModel(ctx.db).findById(entry.entityId).lean()) as TransactionDoc | null;
    const expected = entry.after as { undone?: { by?: string } } | null;
    if (!tx?.undone || tx.undone.by !== expected?.undone?.by) return false;
    const result = undoResult(tx);
    const extra = entry.action === 'transaction.undo' ? { balance_after: result.balance_after, accountName: result.accountName } : {};
    return { after: { ...expected, undone: result.undone, ...extra } };
  });
}
