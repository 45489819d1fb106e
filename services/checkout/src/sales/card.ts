import type { CardOutcomeRequest, PurchaseResult, TokenClaims } from '@kassa/contracts';
import { AppError, notFound } from '@kassa/service-kit';
import { transactionModel, type TransactionDoc } from '../models/transaction.model';
import { isRefusal, complete, postTopUp } from './checkout';
import type { CheckoutContext } from '../context';
import { isOwnSale } from './own-sale';
import { failedPaymentMessage, purchaseResult, storedError } from './views';

const FAILED = new Set(['expired', 'cancelled', 'deleted']);
const OPEN = new Set(['initializing', 'pending']);

/**
 * The payments worker reports how the terminal ended a card payment. Idempotent: the first final outcome wins and
 * later reports answer the sale as it is. A top-up bought with the card is credited only now.
 */
export async function applyCardOutcome(ctx: CheckoutContext, id: string, outcome: CardOutcomeRequest, requestId?: string): Promise<PurchaseResult> {
  const Tx = transactionModel(ctx.db);
  const tx = (await Tx.findById(id).lean()) as TransactionDoc | null;
  if (!tx || tx.method !== 'card') throw notFound('Card transaction not found');
  if (!OPEN.has(tx.status) || OPEN.has(outcome.status)) return purchaseResult(tx);

  if (outcome.status === 'completed') {
    try {
      await postTopUp(ctx, tx, requestId);
    } catch (err) {
      // The customer has paid: the sale stands, and the refused top-up is left for a treasurer to correct.
      if (!isRefusal(err)) throw err;
      ctx.log.error({ transactionId: id, err: err.message }, 'top-up of a paid card sale was refused');
      await Tx.updateOne({ _id: tx._id }, { $set: { error: { statusCode: err.statusCode, identifier: err.identifier, message: `Top-up failed: ${err.message}` } } });
    }
    return complete(ctx, tx, {});
  }

  if (FAILED.has(outcome.status)) {
    const message = outcome.error ? `${failedPaymentMessage(outcome.status)}: ${outcome.error}` : failedPaymentMessage(outcome.status);
    await Tx.updateOne(
      { _id: tx._id, status: { $in: ['initializing', 'pending'] } },
      { $set: { status: outcome.status, error: { statusCode: 409, identifier: 'transaction_not_finishable', message } } },
    );
  }
  const current = (await Tx.findById(tx._id).lean()) as TransactionDoc;
  return purchaseResult(current);
}

/** POST /api/transactions/{id}/finish/: the final answer of a sale once it has one. */
export async function finishSale(ctx: CheckoutContext, id: string, user: TokenClaims): Promise<PurchaseResult> {
  const tx = (await transactionModel(ctx.db).findById(id).lean()) as TransactionDoc | null;
  // Another register's sale is answered as unknown: its account name and balance are not this till's to see.
  if (!tx || !isOwnSale(tx, user)) throw notFound('Transaction not found');
  if (OPEN.has(tx.status)) throw new AppError(409, 'payment_not_finished', 'The payment is not finished yet.');
  if (tx.status === 'completed') return purchaseResult(tx);
  if (tx.method === 'card' && FAILED.has(tx.status)) {
    throw new AppError(409, 'transaction_not_finishable', tx.error?.message ?? failedPaymentMessage(tx.status));
  }
  throw storedError(tx);
}
