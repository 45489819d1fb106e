import { ledgerKeys, PostingLookupResult } from '@kassa/contracts';
import { transactionModel, type TransactionDoc } from '../models/transaction.model';
import { complete, recordTopUp } from './checkout';
import type { CheckoutContext } from '../context';

/** A sale untouched this long is no longer being made by a request (the gateway gives up on a request long before). */
export const STRANDED_AFTER_MS = 60_000;
const lookUp = async (ctx: CheckoutContext, key: string) =>
  (await ctx.accounts(`/internal/ledger/postings?key=${encodeURIComponent(key)}`, PostingLookupResult)).posting;

/**
 * Finishes the sales whose money moved while their own record never did: the ledger took the posting, then the checkout
 * process died (or its database write failed) before it marked the sale completed, and the till never came back with
 * the nonce, which would have finished it (a tablet that broke, a sale given up on). Left alone, such a sale stays
 * "initializing" in the admin list and the accounting export while the member has paid, and the ledger audit reports
 * the money as taken for a sale that is not completed.
 *
 * The posting is the truth, as for a sale finished by its own request: a sale with its posting is completed with the
 * account and balance the posting answered; one without stays as it is, because its till may still send it again
 * (offline tills do, days later). Safe beside live requests and on every replica at once: each step is the one the
 * sale's own request would take, and a completed sale is never written again.
 */
export async function settleStrandedSales(ctx: CheckoutContext): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - STRANDED_AFTER_MS);
  const stranded = (await transactionModel(ctx.db)
    .find({ status: 'initializing', method: { $in: ['account', 'self', 'cash'] }, updatedAt: { $lt: cutoff } })
    .lean()) as TransactionDoc[];
  let settled = 0;
  for (const tx of stranded) {
    // One sale that cannot be settled now (accounts away for a moment) must not hold up the others.
    try {
      if (await settle(ctx, tx)) settled += 1;
    } catch (err) {
      ctx.log.warn({ err, transactionId: String(tx._id) }, 'a sale left unfinished could not be settled now; the next run tries again');
    }
  }
  if (settled > 0) ctx.log.warn({ settled }, 'completed sales whose posting was made but whose record was left unfinished');
  return settled;
}

async function settle(ctx: CheckoutContext, tx: TransactionDoc): Promise<boolean> {
  if (tx.method === 'account' || tx.method === 'self') {
    const posting = await lookUp(ctx, ledgerKeys.checkout(tx.nonce));
    if (!posting) return false;
    await complete(ctx, tx, { accountId: posting.accountId, accountName: posting.accountName, balanceAfter: posting.balanceAfter, error: null }, { live: false });
    return true;
  }
  // Cash with a top-up: the cash is in the drawer once the top-up is credited.
  if (!tx.upgrade) return false;
  if (!tx.upgrade.posted) {
    const posting = await lookUp(ctx, ledgerKeys.checkoutTopUp(tx.nonce));
    if (!posting) return false;
    await recordTopUp(ctx, tx, posting);
  }
  await complete(ctx, tx, { error: null }, { live: false });
  return true;
}
