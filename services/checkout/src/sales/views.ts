import { amountDue, type PurchaseResult, type TransactionStatus, type TransactionView, type UndoResult } from '@kassa/contracts';
import { AppError } from '@kassa/service-kit';
import type { TransactionDoc } from '../models/transaction.model';

export function purchaseResult(tx: TransactionDoc): PurchaseResult {
  const fromTopUp = tx.balanceAfter === null || tx.balanceAfter === undefined;
  return {
    transaction_id: String(tx._id),
    terminal: tx.terminal ? { friendly_name: tx.terminal.friendly_name ?? '', brand: tx.terminal.brand ?? '' } : null,
    balance_after: fromTopUp ? (tx.upgrade?.balanceAfter ?? null) : tx.balanceAfter!,
    accountName: (fromTopUp ? tx.upgrade?.accountName : tx.accountName) ?? null,
    total: amountDue(tx),
    status: tx.status as TransactionStatus,
  };
}

export function undoResult(tx: TransactionDoc): UndoResult {
  if (!tx.undone) throw new Error(`transaction ${String(tx._id)} is not undone`);
  return {
    transaction_id: String(tx._id),
    undone: { at: tx.undone.at.toISOString(), by: tx.undone.by },
    balance_after: tx.undone.balanceAfter ?? null,
    accountName: tx.undone.accountName ?? null,
  };
}

export function transactionView(tx: TransactionDoc): TransactionView {
  return {
    id: String(tx._id),
    nonce: tx.nonce,
    method: tx.method,
    paymentMethod: tx.paymentMethod,
    status: tx.status as TransactionStatus,
    products: tx.products.map((p) => ({ productId: p.productId, name: p.name, price: p.price, amount: p.amount, deposit: p.deposit ?? 0 })),
    returns: (tx.returns ?? []).map((r) => ({ productId: r.productId, name: r.name, deposit: r.deposit, amount: r.amount })),
    total: tx.total,
    accountId: tx.accountId ?? null,
    accountName: tx.accountName ?? null,
    upgrade: tx.upgrade ? { accountId: tx.upgrade.accountId, accountName: tx.upgrade.accountName ?? null, amount: tx.upgrade.amount } : null,
    reason: tx.reason ?? null,
    registerId: tx.registerId ?? null,
    userId: tx.userId,
    username: tx.username,
    terminal: tx.terminal ? { friendly_name: tx.terminal.friendly_name ?? '', brand: tx.terminal.brand ?? '' } : null,
    error: tx.error?.message ?? null,
    undone: tx.undone ? { at: tx.undone.at.toISOString(), by: tx.undone.by, note: tx.undone.note ?? null } : null,
    createdAt: tx.createdAt.toISOString(),
    receivedAt: tx.receivedAt ? tx.receivedAt.toISOString() : null,
    day: tx.day,
    madeDay: tx.madeDay ?? null,
  };
}

/** The refusal stored with a cancelled sale, raised again for a retry with the same nonce. */
export function storedError(tx: TransactionDoc): AppError {
  const e = tx.error;
  if (e?.identifier && e.statusCode) return new AppError(e.statusCode, e.identifier as AppError['identifier'], e.message ?? 'Transaction failed, please try again!');
  return new AppError(409, 'conflict', 'This purchase was cancelled; start a new one.');
}

const FAILED_MESSAGES: Partial<Record<TransactionStatus, string>> = {
  expired: 'Payment has expired',
  cancelled: 'Payment has been cancelled',
  deleted: 'Payment has been deleted',
};

/** SPEC 8 status messages of a card payment that did not go through. */
export const failedPaymentMessage = (status: TransactionStatus) => FAILED_MESSAGES[status] ?? 'Something went wrong';
