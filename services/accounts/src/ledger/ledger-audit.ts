import { isCheckoutKey, isSaleKey, ledgerKeys, type AccountSale, AccountSalesResult, type LedgerAuditDifference, type MoneyState, MoneyStatesResult } from '@kassa/contracts';
import type { InternalClient } from '@kassa/service-kit';
import type { Connection, Types } from 'mongoose';
import { accountModel } from './models/account.model';
import { postingModel } from './models/posting.model';

export interface LedgerAuditOptions {
  /** Checkout's internal client; the purchase checks are left out (and the run marked incomplete) without one. */
  checkout: InternalClient | null;
  /** Payments' internal client: the direct-debit batches' states are checked against their postings when given. */
  payments?: InternalClient | null;
  now?: () => Date;
  /**
   * Postings and sales younger than this are not judged (default 10 minutes): a sale being paid right now has its
   * posting a moment before it is marked completed, and the balance cache is written a moment after each posting.
   */
  graceMs?: number;
  /** Check only sales made from this moment on (null: every sale). Balances are always checked in full. */
  salesSince?: Date | null;
  /** Accounts whose postings are read in one query (default 1000): FerretDB scans the postings once per query. [ferretdb:scan] */
  accountBatchSize?: number;
  /**
   * Bring forward a balance cache that trails a sound ledger past the grace period, instead of reporting it (the
   * scheduled and on-demand audit does). The cache is written a moment after each posting by the process that made it;
   * a process killed in that moment leaves it behind until the account's next posting. Money is never decided on it
   * (a debit checks the real head, a balance shown checks the next seq), but lists that read the account show it.
   */
  repairCaches?: boolean;
}

export interface LedgerAuditResult {
  startedAt: Date;
  finishedAt: Date;
  accountsChecked: number;
  postingsChecked: number;
  purchasesChecked: number;
  purchasesSince: Date | null;
  incomplete: string | null;
  differences: LedgerAuditDifference[];
  /** Trailing balance caches brought forward (repairCaches), by account name. */
  cachesBroughtForward: string[];
}

/** A trailing cache to bring forward: the ledger up to `seq` is sound. */
interface CacheRepair {
  accountId: Types.ObjectId;
  seq: number;
  balance: number;
  message: string;
}

interface AuditAccount {
  _id: Types.ObjectId;
  name: string;
  balance?: number | null;
  headSeq?: number | null;
}

interface AuditPosting {
  accountId: Types.ObjectId;
  seq: number;
  amount: number;
  balanceAfter: number;
  key: string;
  at: Date;
}

/** A posting that belongs to a sale (`checkout:` and `undo:` keys), kept to compare with checkout's sales. */
interface SalePosting {
  accountId: string;
  amount: number;
  at: Date;
}

/** A sale is fetched this long before `salesSince` too, so a posting just after it finds the sale it belongs to. */
const SALES_LOOKBACK_MS = 24 * 3600_000;
/** "€ 27.50", "€ -3.00": two decimals after a point, no grouping (the audit's messages have always read so). */
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false, signDisplay: 'negative' });
const euros = (cents: number) => `€ ${twoDecimals.format(cents / 100)}`;

/**
 * The ledger's self-check (ARCHITECTURE.md "Money and correctness rules"). For every account: its postings run
 * 1, 2, 3, … without gaps; each balanceAfter is the previous one plus the amount; the head's balanceAfter is the sum;
 * the balance cached on the account matches the ledger. For every account sale in checkout: a completed sale has
 * exactly its posting `checkout:<nonce>` of -total (and `undo:<id>` of +total once undone, top-ups alike); a sale that
 * did not complete has none; and no `checkout:` posting is without its sale.
 *
 * FerretDB scans a collection for every filtered query, so the reads are few and wide: the accounts once, the [ferretdb:scan]
 * postings once per batch of accounts, and checkout's sales in one call. Nothing is written here, except trailing
 * balance caches brought forward when `repairCaches` asks for it.
 */
export async function runLedgerAudit(db: Connection, opts: LedgerAuditOptions): Promise<LedgerAuditResult> {
  const now = opts.now ?? (() => new Date());
  const startedAt = now();
  const cutoff = startedAt.getTime() - (opts.graceMs ?? 10 * 60_000);
  const batchSize = opts.accountBatchSize ?? 1000;
  const salesSince = opts.salesSince ?? null;
  const differences: LedgerAuditDifference[] = [];

  const accounts = (await accountModel(db).find({}, { name: 1, balance: 1, headSeq: 1 }).lean()) as AuditAccount[];
  const names = new Map(accounts.map((a) => [String(a._id), a.name]));
  const diff = (d: Omit<LedgerAuditDifference, 'accountName' | 'expected' | 'actual'> & Partial<LedgerAuditDifference>) =>
    differences.push({ accountName: d.accountId ? (names.get(d.accountId) ?? null) : null, expected: null, actual: null, ...d });

  const Posting = postingModel(db);
  const postedAccounts = (await Posting.distinct('accountId')) as Types.ObjectId[];
  for (const id of postedAccounts) {
    if (!names.has(String(id))) {
      diff({ kind: 'unknown_account', accountId: String(id), ref: null, message: `There are postings on account ${String(id)}, which does not exist.` });
    }
  }

  const salePostings = new Map<string, SalePosting>();
  const statePostings = new Map<string, SalePosting>();
  const repairs: CacheRepair[] = [];
  let postingsChecked = 0;
  for (let i = 0; i < accounts.length; i += batchSize) {
    const batch = accounts.slice(i, i + batchSize);
    const byAccount = new Map<string, AuditPosting[]>();
    const cursor = Posting.collection.find<AuditPosting>(
      { accountId: { $in: batch.map((a) => a._id) } },
      { projection: { _id: 0, accountId: 1, seq: 1, amount: 1, balanceAfter: 1, key: 1, at: 1 } },
    );
    for await (const p of cursor) {
      postingsChecked += 1;
      const id = String(p.accountId);
      let list = byAccount.get(id);
      if (!list) byAccount.set(id, (list = []));
      list.push(p);
      if (isSaleKey(p.key)) salePostings.set(p.key, { accountId: id, amount: p.amount, at: p.at });
      else if (STATE_KEY.test(p.key)) statePostings.set(p.key, { accountId: id, amount: p.amount, at: p.at });
    }
    for (const account of batch) {
      const repair = checkAccount(account, byAccount.get(String(account._id)) ?? [], { cutoff, diff, repairCaches: opts.repairCaches ?? false });
      if (repair) repairs.push(repair);
    }
  }

  // Only a cache still below the head is written (the filter), so a posting made meanwhile is never undone here.
  const cachesBroughtForward: string[] = [];
  for (const r of repairs) {
    try {
      await accountModel(db).updateOne({ _id: r.accountId, $or: [{ headSeq: { $lt: r.seq } }, { headSeq: null }] }, { $set: { balance: r.balance, headSeq: r.seq } });
      cachesBroughtForward.push(names.get(String(r.accountId)) ?? String(r.accountId));
    } catch (err) {
      diff({ kind: 'balance_cache', accountId: String(r.accountId), ref: null, message: `${r.message} Bringing it forward failed: ${(err as Error).message}`, expected: r.balance, actual: null });
    }
  }

  let purchasesChecked = 0;
  let incomplete: string | null = null;
  if (!opts.checkout) {
    incomplete = 'Purchases were not checked: no connection to checkout.';
  } else {
    let sales: AccountSale[] | null = null;
    try {
      const fetchSince = salesSince ? new Date(salesSince.getTime() - SALES_LOOKBACK_MS).toISOString() : null;
      const query = fetchSince ? `?since=${encodeURIComponent(fetchSince)}` : '';
      sales = (await opts.checkout(`/internal/transactions/account-sales${query}`, AccountSalesResult, { timeoutMs: 120_000 })).sales;
    } catch (err) {
      incomplete = `Purchases were not checked: checkout did not answer (${(err as Error).message}).`;
    }
    if (sales) purchasesChecked = checkSales(sales, salePostings, { cutoff, salesSince, diff });
  }

  // Invoices (checkout) and direct-debit batches (payments): each one's state against the postings keyed to it.
  const stateSources = [
    { client: opts.checkout, path: '/internal/invoices/money-states', what: 'Invoices' },
    { client: opts.payments ?? null, path: '/internal/direct-debit/money-states', what: 'Direct-debit batches' },
  ];
  for (const source of stateSources) {
    if (!source.client) continue;
    try {
      const { states } = await source.client(source.path, MoneyStatesResult, { timeoutMs: 120_000 });
      checkStates(states, statePostings, { cutoff, diff });
    } catch (err) {
      const line = `${source.what} were not checked against their postings (${(err as Error).message}).`;
      incomplete = incomplete ? `${incomplete} ${line}` : line;
    }
  }

  return {
    startedAt,
    finishedAt: now(),
    accountsChecked: accounts.length,
    postingsChecked,
    purchasesChecked,
    purchasesSince: salesSince,
    incomplete,
    differences,
    cachesBroughtForward,
  };
}

/** Postings keyed to a document's state: an invoice's payment and its reversal, a batch's collected debits. */
const STATE_KEY = /^(invoice|direct-debit):/;

/**
 * A document's state and its money agree: the postings under its keys add up to what its state says (a credited
 * invoice has no payment standing, a cancelled batch credited nobody). One changed within the grace is not judged yet.
 */
function checkStates(states: MoneyState[], postings: Map<string, SalePosting>, { cutoff, diff }: { cutoff: number; diff: Report }): void {
  for (const state of states) {
    if (new Date(state.changedAt).getTime() >= cutoff) continue;
    const found = state.keys.map((k) => postings.get(k)).filter((p): p is SalePosting => p !== undefined);
    if (found.some((p) => p.at.getTime() >= cutoff)) continue;
    const actual = found.reduce((sum, p) => sum + p.amount, 0);
    if (actual === state.net) continue;
    diff({
      kind: 'state_money',
      accountId: found[0]?.accountId ?? null,
      ref: state.ref,
      message: `${state.ref} is ${state.status}, but the postings keyed to it add up to ${euros(actual)}, not ${euros(state.net)}.`,
      expected: state.net,
      actual,
    });
  }
}

/** One difference on a line, as the command, the benches and the logs print it: kind, account, the posting key or sale, what. */
export const describeDifference = (d: LedgerAuditDifference): string =>
  `[${d.kind}] ${d.accountName ? `${d.accountName}: ` : ''}${d.ref ? `(${d.ref}) ` : ''}${d.message}`;

type Report = (d: Omit<LedgerAuditDifference, 'accountName' | 'expected' | 'actual'> & Partial<LedgerAuditDifference>) => void;

/**
 * Checks one account's postings and cache. With repairCaches, a cache left behind a sound ledger is answered as the
 * repair to make instead of reported.
 */
function checkAccount(
  account: AuditAccount,
  postings: AuditPosting[],
  { cutoff, diff, repairCaches }: { cutoff: number; diff: Report; repairCaches: boolean },
): CacheRepair | null {
  const accountId = String(account._id);
  postings.sort((a, b) => a.seq - b.seq);

  const gap = postings.findIndex((p, i) => p.seq !== i + 1);
  if (gap >= 0) {
    const found = postings[gap]!;
    const after = gap === 0 ? 'the start of the ledger' : `posting ${postings[gap - 1]!.seq}`;
    diff({ kind: 'seq_gap', accountId, ref: found.key, message: `Posting ${found.seq} follows ${after}; posting ${gap + 1} is missing.` });
  }

  let sum = 0;
  let previous = 0;
  let broken: { posting: AuditPosting; expected: number } | null = null;
  let brokenCount = 0;
  for (const p of postings) {
    sum += p.amount;
    if (p.balanceAfter !== previous + p.amount) {
      brokenCount += 1;
      broken ??= { posting: p, expected: previous + p.amount };
    }
    previous = p.balanceAfter;
  }
  if (broken) {
    const { posting, expected } = broken;
    const more = brokenCount > 1 ? ` (${brokenCount} postings of this account disagree)` : '';
    diff({
      kind: 'posting_balance',
      accountId,
      ref: posting.key,
      message: `Posting ${posting.seq} says the balance after it is ${euros(posting.balanceAfter)}, but the posting before it and its amount give ${euros(expected)}${more}.`,
      expected,
      actual: posting.balanceAfter,
    });
  }

  const head = postings.at(-1);
  const ledgerBalance = head?.balanceAfter ?? 0;
  const sound = gap < 0 && !broken && (!head || head.balanceAfter === sum);
  if (head && head.balanceAfter !== sum) {
    diff({
      kind: 'head_balance',
      accountId,
      ref: head.key,
      message: `The last posting says the balance is ${euros(head.balanceAfter)}, but the postings add up to ${euros(sum)}.`,
      expected: sum,
      actual: head.balanceAfter,
    });
  }

  const cachedSeq = account.headSeq ?? 0;
  const cachedBalance = account.balance ?? 0;
  const headSeq = head?.seq ?? 0;
  if (cachedSeq > headSeq) {
    diff({
      kind: 'balance_cache',
      accountId,
      ref: null,
      message: `The account's cached balance ${euros(cachedBalance)} claims posting ${cachedSeq}, but the ledger ends at posting ${headSeq} with ${euros(ledgerBalance)}.`,
      expected: ledgerBalance,
      actual: cachedBalance,
    });
    return null;
  }
  // The cache is the balance after posting `headSeq`; it may trail the ledger for a moment after a posting.
  const cachedAt = cachedSeq === 0 ? 0 : postings.find((p) => p.seq === cachedSeq)?.balanceAfter;
  if (cachedAt !== undefined && cachedAt !== cachedBalance) {
    diff({
      kind: 'balance_cache',
      accountId,
      ref: null,
      message: `The account's cached balance is ${euros(cachedBalance)}, but the ledger says ${euros(cachedSeq === headSeq ? ledgerBalance : cachedAt)}.`,
      expected: cachedSeq === headSeq ? ledgerBalance : cachedAt,
      actual: cachedBalance,
    });
    return null;
  }
  const firstUncached = postings.find((p) => p.seq === cachedSeq + 1);
  if (!firstUncached || firstUncached.at.getTime() >= cutoff) return null;
  const message = `The account's cached balance ${euros(cachedBalance)} is ${headSeq - cachedSeq} posting(s) behind the ledger (${euros(ledgerBalance)}).`;
  // Behind a sound ledger the cache can be brought forward; behind a broken one it is reported.
  if (repairCaches && sound) return { accountId: account._id, seq: headSeq, balance: ledgerBalance, message };
  diff({ kind: 'balance_cache', accountId, ref: null, message, expected: ledgerBalance, actual: cachedBalance });
  return null;
}

function checkSales(
  sales: AccountSale[],
  postings: Map<string, SalePosting>,
  ctx: { cutoff: number; salesSince: Date | null; diff: Report },
): number {
  const { cutoff, salesSince, diff } = ctx;
  const since = salesSince?.getTime() ?? Number.NEGATIVE_INFINITY;
  const known = new Set<string>();
  let checked = 0;

  for (const sale of sales) {
    const purchaseKey = ledgerKeys.checkout(sale.nonce);
    const topupKey = ledgerKeys.checkoutTopUp(sale.nonce);
    const undoKey = ledgerKeys.undo(sale.id);
    const undoTopupKey = ledgerKeys.undoTopUp(sale.id);
    for (const key of [purchaseKey, topupKey, undoKey, undoTopupKey]) known.add(key);
    const createdAt = new Date(sale.createdAt).getTime();
    if (createdAt < since || createdAt >= cutoff) continue;
    checked += 1;
    const completed = sale.status === 'completed';

    if (sale.method === 'account' || sale.method === 'self') {
      const paid = postings.get(purchaseKey);
      const refunded = postings.get(undoKey);
      if (completed) {
        expectPosting(diff, sale, purchaseKey, paid, { accountId: sale.accountId, amount: -sale.total }, 'The completed sale');
        if (sale.undone && sale.total !== 0) {
          expectPosting(diff, sale, undoKey, refunded, { accountId: paid?.accountId ?? sale.accountId, amount: sale.total }, 'The undone sale');
        }
      } else if (paid) {
        diff({
          kind: 'posting_without_sale',
          accountId: paid.accountId,
          ref: purchaseKey,
          message: `Money was taken (${euros(-paid.amount)}) for sale ${sale.id}, which is ${sale.status}, not completed.`,
          expected: 0,
          actual: paid.amount,
        });
      }
      if (refunded && !sale.undone) {
        diff({ kind: 'undo_not_recorded', accountId: refunded.accountId, ref: undoKey, message: `Sale ${sale.id} was paid back (${euros(refunded.amount)}) but is not marked undone.`, expected: 0, actual: refunded.amount });
      }
    }

    if (sale.topup) {
      const credited = postings.get(topupKey);
      const reversed = postings.get(undoTopupKey);
      if (completed && sale.topup.posted) {
        expectPosting(diff, sale, topupKey, credited, { accountId: sale.topup.accountId, amount: sale.topup.amount }, 'The top-up of the completed sale');
        if (sale.undone) expectPosting(diff, sale, undoTopupKey, reversed, { accountId: sale.topup.accountId, amount: -sale.topup.amount }, 'The top-up of the undone sale');
      } else if (credited) {
        diff({
          kind: 'posting_without_sale',
          accountId: credited.accountId,
          ref: topupKey,
          message: `A top-up of ${euros(credited.amount)} was credited for sale ${sale.id}, which is ${sale.status} and does not record it.`,
          expected: 0,
          actual: credited.amount,
        });
      }
      if (reversed && !sale.undone) {
        diff({ kind: 'undo_not_recorded', accountId: reversed.accountId, ref: undoTopupKey, message: `The top-up of sale ${sale.id} was taken back but the sale is not marked undone.`, expected: 0, actual: reversed.amount });
      }
    }
  }

  for (const [key, posting] of postings) {
    if (known.has(key) || posting.at.getTime() >= cutoff) continue;
    // An undo may come long after its sale, so its sale is only surely in the list when every sale was asked for.
    const judged = isCheckoutKey(key) ? posting.at.getTime() >= since : salesSince === null;
    if (!judged) continue;
    diff({
      kind: 'posting_without_sale',
      accountId: posting.accountId,
      ref: key,
      message: `Posting ${key} moved ${euros(posting.amount)}, but checkout has no such sale.`,
      expected: 0,
      actual: posting.amount,
    });
  }
  return checked;
}

function expectPosting(
  diff: Report,
  sale: AccountSale,
  key: string,
  found: SalePosting | undefined,
  want: { accountId: string | null; amount: number },
  what: string,
): void {
  if (!found) {
    diff({
      kind: 'sale_without_posting',
      accountId: want.accountId,
      ref: key,
      message: `${what} ${sale.id} has no posting ${key} of ${euros(want.amount)}.`,
      expected: want.amount,
      actual: null,
    });
    return;
  }
  if (found.amount !== want.amount || (want.accountId !== null && found.accountId !== want.accountId)) {
    diff({
      kind: 'posting_mismatch',
      accountId: found.accountId,
      ref: key,
      message: `${what} ${sale.id} asks ${euros(want.amount)}${want.accountId ? ` on account ${want.accountId}` : ''}, but posting ${key} moved ${euros(found.amount)} on account ${found.accountId}.`,
      expected: want.amount,
      actual: found.amount,
    });
  }
}
