import type { CheckoutBody, CheckoutMethod, OfflineRefusalView, TokenClaims } from '@kassa/contracts';
import { AppError, isDuplicateKey } from '@kassa/service-kit';
import { offlineRefusalModel, type OfflineRefusalDoc } from '../models/offline-refusal.model';
import { transactionModel, type TransactionDoc } from '../models/transaction.model';
import type { CheckoutContext } from '../context';

/**
 * Refusals the till may come back from are not refusals of the sale: a sign-in that expired (401), a register that
 * lost a right for a while (403), a rate limit (429) and anything 5xx. The till keeps those sales and sends them again.
 */
const isFinalRefusal = (err: unknown): err is AppError =>
  err instanceof AppError && err.statusCode >= 400 && err.statusCode < 500 && ![401, 403, 408, 429].includes(err.statusCode);

/**
 * Records a replayed offline sale the server refused, once per nonce, before the refusal is answered: the till drops
 * a sale from its queue on a final refusal, so the record must exist first. When it cannot be written the till is
 * told to try again later (503), and keeps the sale.
 */
export async function recordOfflineRefusal(ctx: CheckoutContext, method: CheckoutMethod, body: CheckoutBody, user: TokenClaims, err: unknown): Promise<void> {
  if (!isFinalRefusal(err) || body.madeAt === undefined) return;
  try {
    const tx = (await transactionModel(ctx.db).findOne({ nonce: body.nonce }).lean()) as TransactionDoc | null;
    const priced = tx && tx.products.length > 0;
    await offlineRefusalModel(ctx.db).create({
      nonce: body.nonce,
      method,
      products: priced
        ? tx.products.map((p) => ({ productId: p.productId, name: p.name, price: p.price, amount: p.amount }))
        : body.products.map((p) => ({ productId: p.id, name: null, price: null, amount: p.amount })),
      total: priced ? tx.total : null,
      accountId: method === 'account' ? (body.account_id ?? tx?.target?.accountId ?? null) : null,
      reason: method === 'other' ? (body.reason?.trim() ?? null) : null,
      registerId: user.registerId ?? null,
      userId: user.sub,
      username: user.username,
      madeAt: new Date(body.madeAt),
      receivedAt: ctx.now(),
      error: { statusCode: err.statusCode, identifier: err.identifier, message: err.message },
    });
  } catch (writeErr) {
    if (isDuplicateKey(writeErr)) return;
    ctx.log.error({ err: writeErr, nonce: body.nonce }, 'could not record a refused offline sale');
    throw new AppError(503, 'service_unavailable', 'The refused offline sale could not be recorded; the till keeps it and tries again.');
  }
}

export function offlineRefusalView(doc: OfflineRefusalDoc): OfflineRefusalView {
  return {
    id: String(doc._id),
    nonce: doc.nonce,
    method: doc.method as CheckoutMethod,
    products: doc.products.map((p) => ({ productId: p.productId ?? '', name: p.name ?? null, price: p.price ?? null, amount: p.amount ?? 0 })),
    total: doc.total ?? null,
    accountId: doc.accountId ?? null,
    reason: doc.reason ?? null,
    registerId: doc.registerId ?? null,
    userId: doc.userId,
    username: doc.username,
    madeAt: doc.madeAt.toISOString(),
    receivedAt: doc.receivedAt.toISOString(),
    error: { statusCode: doc.error.statusCode ?? 0, identifier: doc.error.identifier ?? 'unknown_error', message: doc.error.message ?? '' },
  };
}
