import { amountDue, RECENT_SALES_LIMIT, type RecentSale, type RecentSales, type TokenClaims } from '@kassa/contracts';
import { localDay } from '@kassa/service-kit';
import { transactionModel, type TransactionDoc } from '../models/transaction.model';
import type { CheckoutContext } from '../context';
import { isOwnSale } from './own-sale';
import { undoWindowStart } from './undo';

/**
 * The till's last finished sales that it may still undo, newest first (at most RECENT_SALES_LIMIT), with the ones
 * already undone marked. A till sees its own register's sales only, as for undo itself (own-sale.ts; an administrator
 * at a till sees that till's too, not every till's). Reads are equality reads on the local day (FerretDB serves no [ferretdb:equality-index]
 * range from an index): the days the window touches, this register's or this user's sales; the window is applied here.
 */
export async function recentSales(ctx: CheckoutContext, user: TokenClaims): Promise<RecentSales> {
  const Tx = transactionModel(ctx.db);
  const window = ctx.env.UNDO_WINDOW_MS;
  const now = ctx.now();
  const since = new Date(now.getTime() - window);
  const days = [...new Set([localDay(since, ctx.env.TIME_ZONE), localDay(now, ctx.env.TIME_ZONE)])];
  const base = { day: { $in: days }, status: 'completed' as const };
  const reads = [Tx.find({ ...base, userId: user.sub }).lean()];
  if (user.registerId) reads.push(Tx.find({ ...base, registerId: user.registerId }).lean());
  const byId = new Map<string, TransactionDoc>();
  for (const found of await Promise.all(reads)) for (const doc of found as TransactionDoc[]) byId.set(String(doc._id), doc);
  const tillUser = { ...user, isAdmin: false };
  const sales = [...byId.values()]
    .filter((tx) => isOwnSale(tx, tillUser) && undoWindowStart(tx).getTime() >= since.getTime())
    .sort((a, b) => undoWindowStart(b).getTime() - undoWindowStart(a).getTime() || String(b._id).localeCompare(String(a._id)))
    .slice(0, RECENT_SALES_LIMIT);
  return { sales: sales.map((tx) => recentSale(tx, window)), undoWindowMs: window };
}

function recentSale(tx: TransactionDoc, window: number): RecentSale {
  return {
    transaction_id: String(tx._id),
    method: tx.method,
    amount: amountDue(tx),
    accountName: tx.accountName ?? tx.upgrade?.accountName ?? null,
    topUp: tx.upgrade?.amount ?? null,
    reason: tx.reason ?? null,
    products: tx.products.map((p) => ({ name: p.name, amount: p.amount })),
    createdAt: tx.createdAt.toISOString(),
    receivedAt: tx.receivedAt ? tx.receivedAt.toISOString() : null,
    undoableUntil: new Date(undoWindowStart(tx).getTime() + window).toISOString(),
    undone: tx.undone ? { at: tx.undone.at.toISOString(), by: tx.undone.by } : null,
  };
}
