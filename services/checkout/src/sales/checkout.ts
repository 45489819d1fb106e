import {
  amountDue,
  formatEuros,
  hasCapabilities,
  ledgerKeys,
  type Capability,
  type CheckoutBody,
  type CheckoutMethod,
  OFFLINE_REPLAY,
  type PaymentMethod,
  type PurchaseResult,
  StartTerminalResult,
  type TokenClaims,
  type ValidationDetail,
} from '@kassa/contracts';
import { AppError, hourOfDay, isDuplicateKey, localDay } from '@kassa/service-kit';
import { createHash } from 'node:crypto';
import { insertSale, transactionModel, type TransactionDoc } from '../models/transaction.model';
import { recordOfflineRefusal } from '../offline/offline-refusals';
import { postLedger, type CheckoutContext } from '../context';
import { liveSaleId, publicName } from './live-feed';
import { ageCheckFor } from './sales-settings';
import { purchaseResult, storedError } from './views';
import { shiftForSale } from '../shifts/shifts';
import { markReportDay } from '../reports/day-sums';

/** Which capabilities open which checkout method (any one of a list is enough). */
export const METHOD_CAPABILITIES: Record<CheckoutMethod, Capability[]> = {
  cash: ['PAYMENT_CASH'],
  card: ['PAYMENT_CARD'],
  account: ['PAYMENT_ACCOUNT_AUTHED', 'PAYMENT_ACCOUNT_OTHER'],
  self: ['PAYMENT_ACCOUNT_SELF'],
  other: ['PAYMENT_OTHER'],
};

const PAYMENT_METHOD: Record<CheckoutMethod, PaymentMethod> = {
  cash: 'cash_payment',
  card: 'card_payment',
  account: 'account_payment',
  self: 'account_payment',
  other: 'other_payment',
};

/** Ledger answers that end a sale for good; anything else (a service down) leaves it to a retry with the same nonce. */
const REFUSALS = new Set(['insufficient_credits', 'invalid_account_pin', 'pin_locked', 'unknown_card_secret', 'no_linked_account', 'not_found', 'age_not_shown', 'account_blocked']);
export const isRefusal = (err: unknown): err is AppError => err instanceof AppError && REFUSALS.has(err.identifier);

export const mayUseMethod = (method: CheckoutMethod, held: readonly Capability[]) =>
  METHOD_CAPABILITIES[method].some((cap) => hasCapabilities(held, [cap]));

/** Where a deposit return's money goes: out of the cash drawer, or onto an account (never a card or an "other" reason). */
export const DEPOSIT_RETURN_METHODS: readonly CheckoutMethod[] = ['cash', 'account', 'self'];

const invalid = (detail: ValidationDetail[]) => new AppError(422, 'validation_error', 'Validation error', detail);
const line = (field: (string | number)[], msg: string, type = 'value_error'): ValidationDetail => ({ loc: ['body', ...field], msg, type });

/** The secrets a request carries; never stored, so a retry brings its own. */
interface Secrets {
  pin?: string;
  cardSecret?: string;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** Checks the combination of fields the schema alone cannot, before anything is written. */
function checkIntent(method: CheckoutMethod, body: CheckoutBody, user: TokenClaims) {
  const topUp = body.upgrade_account_id !== undefined || body.upgrade_amount !== undefined;
  const problems: ValidationDetail[] = [];
  if (topUp) {
    if (method !== 'cash' && method !== 'card') {
      problems.push(line(['upgrade_account_id'], 'A top-up is paid in cash or by card, not with this payment method.'));
    } else if (body.upgrade_account_id === undefined) {
      problems.push(line(['upgrade_account_id'], 'field required', 'missing'));
    } else if (body.upgrade_amount === undefined) {
      problems.push(line(['upgrade_amount'], 'field required', 'missing'));
    }
  }
  const returns = body.returns ?? [];
  if (body.products.length === 0 && returns.length === 0 && !topUp) problems.push(line(['products'], 'The cart is empty.'));
  if (returns.length > 0 && !DEPOSIT_RETURN_METHODS.includes(method)) {
    problems.push(line(['returns'], 'A deposit return is paid out in cash or credited to an account.'));
  }
  if (method === 'account') {
    if (!body.account_id && !body.cardSecret) problems.push(line(['account_id'], 'field required', 'missing'));
    if (body.account_id && body.cardSecret) problems.push(line(['cardSecret'], 'Pay either from an account or with a card, not both.'));
    const pinNeeded = !body.cardSecret && !hasCapabilities(user.capabilities, ['PAYMENT_ACCOUNT_OTHER']);
    if (pinNeeded && !body.pin) problems.push(line(['pin'], 'Please enter a pin code.', 'missing'));
  }
  if (method === 'other' && !body.reason?.trim()) problems.push(line(['reason'], 'field required', 'missing'));
  if (problems.length > 0) throw invalid(problems);
  // Paying back deposits has its own capability (docs/decisions.md "Deposits as money").
  if (returns.length > 0 && !hasCapabilities(user.capabilities, ['DEPOSIT_RETURN'])) {
    throw new AppError(403, 'insufficient_permissions', 'No permission');
  }
  // SPEC 6: topping up accounts is a bar-mode (PAYMENT_ACCOUNT_OTHER) feature.
  if (topUp && !hasCapabilities(user.capabilities, ['PAYMENT_ACCOUNT_OTHER'])) {
    throw new AppError(403, 'insufficient_permissions', 'No permission');
  }
}

const DAY_MS = 86_400_000;

/**
 * A replay from an offline till (`madeAt`): only what the till may sell offline (cash, other, account in bar mode or
 * with a member card; never a card payment or a top-up), made neither in the future (a few minutes of tablet clock
 * skew allowed) nor longer ago than OFFLINE_REPLAY.maxAgeDays.
 */
export function checkMadeAt(method: CheckoutMethod, body: CheckoutBody, now: Date): Date | null {
  if (body.madeAt === undefined) return null;
  const madeAt = new Date(body.madeAt);
  const problems: ValidationDetail[] = [];
  if (method !== 'cash' && method !== 'other' && method !== 'account') problems.push(line(['madeAt'], 'Only cash, other and account sales can be made offline.'));
  if (body.upgrade_account_id !== undefined || body.upgrade_amount !== undefined) problems.push(line(['madeAt'], 'A top-up cannot be made offline.'));
  if (madeAt.getTime() > now.getTime() + OFFLINE_REPLAY.clockSkewMs) problems.push(line(['madeAt'], 'A sale cannot be made in the future; check the till\'s clock.'));
  if (madeAt.getTime() < now.getTime() - OFFLINE_REPLAY.maxAgeDays * DAY_MS) {
    problems.push(line(['madeAt'], `A sale made offline more than ${OFFLINE_REPLAY.maxAgeDays} days ago is not booked any more; the bar manager enters it by hand.`));
  }
  if (problems.length > 0) throw invalid(problems);
  return madeAt;
}

/** What a nonce was used for: the same nonce for something else is a conflict, not a replay. */
function payloadHash(method: CheckoutMethod, body: CheckoutBody, user: TokenClaims): string {
  const products = [...body.products].map((p) => `${p.id}x${p.amount}`).sort();
  const returns = (body.returns ?? []).map((p) => `${p.id}x${p.amount}`).sort();
  return sha256(
    JSON.stringify({
      method,
      user: user.sub,
      products,
      // Only when there are any, so a sale without returns hashes as it always did.
      ...(returns.length > 0 ? { returns } : {}),
      account: method === 'account' ? (body.account_id ?? null) : null,
      card: method === 'account' && body.cardSecret ? sha256(body.cardSecret) : null,
      upgrade: method === 'cash' || method === 'card' ? [body.upgrade_account_id ?? null, body.upgrade_amount ?? null] : null,
      reason: method === 'other' ? body.reason?.trim() : null,
    }),
  );
}

/**
 * Prices come from the catalog, never from the client: each product line with the deposit on it, each return line with
 * the deposit it pays back (a product without a deposit cannot be returned).
 */
async function priceCart(ctx: CheckoutContext, body: CheckoutBody, requestId: string) {
  const returned = body.returns ?? [];
  if (body.products.length === 0 && returned.length === 0) return { products: [], returns: [], adults: false };
  const byId = await ctx.prices([...new Set([...body.products, ...returned].map((p) => p.id))], requestId);
  const problems: ValidationDetail[] = [];
  const products = body.products.map((p, i) => {
    const found = byId.get(p.id);
    if (!found) problems.push(line(['products', i, 'id'], 'This product does not exist or is no longer for sale.'));
    return {
      productId: p.id,
      name: found?.name ?? '',
      price: found?.price ?? 0,
      amount: p.amount,
      categoryId: found?.categoryId ?? null,
      vatRate: found?.vatRate ?? null,
      deposit: found?.depositAmount ?? 0,
    };
  });
  const returns = returned.map((r, i) => {
    const found = byId.get(r.id);
    if (!found) problems.push(line(['returns', i, 'id'], 'This product does not exist or is no longer for sale.'));
    else if (found.depositAmount <= 0) problems.push(line(['returns', i, 'id'], `${found.name} has no deposit to return.`));
    return { productId: r.id, name: found?.name ?? '', deposit: found?.depositAmount ?? 0, amount: r.amount };
  });
  if (problems.length > 0) throw invalid(problems);
  return { products, returns, adults: body.products.some((p) => byId.get(p.id)?.adultsOnly === true) };
}

/** What a priced cart comes to: products with their deposits, less the deposits returned (below zero: paid out). */
export const cartTotal = (cart: { products: { price: number; deposit: number; amount: number }[]; returns: { deposit: number; amount: number }[] }) =>
  cart.products.reduce((sum, p) => sum + (p.price + p.deposit) * p.amount, 0) - cart.returns.reduce((sum, r) => sum + r.deposit * r.amount, 0);

/**
 * POST /api/checkout/{method}/: one sale per nonce, brought to its final state by whichever request gets there. A
 * replayed offline sale (`madeAt`) that is refused is recorded for the bar manager before the refusal is answered.
 */
export async function checkout(
  ctx: CheckoutContext,
  method: CheckoutMethod,
  body: CheckoutBody,
  user: TokenClaims,
  requestId: string,
): Promise<PurchaseResult> {
  if (body.madeAt === undefined) return sell(ctx, method, body, user, requestId);
  try {
    return await sell(ctx, method, body, user, requestId);
  } catch (err) {
    await recordOfflineRefusal(ctx, method, body, user, err);
    throw err;
  }
}

async function sell(ctx: CheckoutContext, method: CheckoutMethod, body: CheckoutBody, user: TokenClaims, requestId: string): Promise<PurchaseResult> {
  checkIntent(method, body, user);
  const madeAt = checkMadeAt(method, body, ctx.now());
  const hash = payloadHash(method, body, user);
  const Tx = transactionModel(ctx.db);
  // A new nonce is the common case: create the sale straight away and let the unique index say when it exists.
  let tx: TransactionDoc | null = null;
  let priced: Awaited<ReturnType<typeof priceCart>>;
  try {
    priced = await priceCart(ctx, body, requestId);
  } catch (err) {
    // A retried sale whose product left the catalog since still answers as it did.
    tx = (await Tx.findOne({ nonce: body.nonce }).lean()) as TransactionDoc | null;
    if (!tx) throw err;
    priced = { products: [], returns: [], adults: false };
  }
  const { products, returns } = priced;
  const total = cartTotal(priced);
  const ageCheck = !tx && priced.adults ? await ageCheckFor(ctx.salesSettings, madeAt !== null) : 'off';
  if (ageCheck === 'ask' && body.ageConfirmed !== true) {
    // The till asks staff once per order (setting ageCheck); a client that did not ask sells nothing 18+.
    if (!(await Tx.exists({ nonce: body.nonce }))) throw invalid([line(['ageConfirmed'], 'This order holds an 18+ product: confirm that the buyer is 18 or older.')]);
  }
  if (ageCheck === 'account' && method !== 'account' && method !== 'self') {
    // Sold only on an account whose date of birth accounts checks with the posting (a retry of a stored sale answers as it was).
    if (!(await Tx.exists({ nonce: body.nonce })))
      throw invalid([line(['products'], 'This order holds an 18+ product: it is sold only on an account whose date of birth shows 18 or older.')]);
  }
  if (!tx) {
    if (method === 'card' && total + (body.upgrade_amount ?? 0) <= 0) throw invalid([line(['products'], 'There is nothing to pay by card.')]);
    if (body.expectedTotal !== undefined && body.expectedTotal !== total + (body.upgrade_amount ?? 0)) {
      // A retry of a sale booked before the price changed answers as it did; a new one is refused before it is stored.
      tx = (await Tx.findOne({ nonce: body.nonce }).lean()) as TransactionDoc | null;
      if (!tx) throw new AppError(409, 'price_changed', `The prices changed: this order now costs ${formatEuros(total + (body.upgrade_amount ?? 0))}. Ask the customer again.`);
    }
  }
  if (!tx) {
    const now = ctx.now();
    // An offline sale keeps the time it was made; receivedAt says when it reached the server. One that arrives after
    // the day it was made is booked on the day it arrived (madeDay keeps its own): a day once over stays as it was
    // exported and invoiced (docs/decisions.md "Closed days stay closed").
    const at = madeAt ?? now;
    const day = localDay(now, ctx.env.TIME_ZONE);
    const madeDay = madeAt ? localDay(madeAt, ctx.env.TIME_ZONE) : day;
    // The register's open shift, set here and never by the till (shifts.ts); a cash sale may need one.
    const shiftId = await shiftForSale(ctx, method, user.registerId, madeAt !== null);
    // Registered before the sale is stored, so the admin list never misses a day that has sales.
    await ctx.saleDays.note(day);
    const upgrade =
      (method === 'cash' || method === 'card') && body.upgrade_account_id && body.upgrade_amount ? { accountId: body.upgrade_account_id, amount: body.upgrade_amount } : null;
    // Cash and "other" without a top-up wait for nothing outside this record: stored completed, one write, not two.
    const completeAtOnce = (method === 'cash' || method === 'other') && !upgrade;
    try {
      tx = await insertSale(ctx.db, {
        nonce: body.nonce,
        payloadHash: hash,
        method,
        paymentMethod: PAYMENT_METHOD[method],
        status: completeAtOnce ? 'completed' : 'initializing',
        products,
        returns,
        total,
        target: {
          accountId: method === 'account' ? (body.account_id ?? null) : null,
          cardSecretHash: method === 'account' && body.cardSecret ? sha256(body.cardSecret) : null,
          self: method === 'self',
        },
        accountId: method === 'account' ? (body.account_id ?? null) : null,
        upgrade,
        upgradeAccountId: upgrade?.accountId ?? null,
        reason: method === 'other' ? body.reason!.trim() : null,
        registerId: user.registerId,
        userId: user.sub,
        username: user.username,
        day,
        madeDay: madeDay < day ? madeDay : null,
        hour: hourOfDay(at, ctx.env.TIME_ZONE),
        createdAt: at,
        receivedAt: madeAt ? now : null,
        shiftId,
        adultsOn: ageCheck === 'account' ? madeDay : null,
      });
      // Only the request that stored the sale announces it; a duplicate of the nonce finds it completed.
      if (completeAtOnce) announce(ctx, tx);
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      tx = (await Tx.findOne({ nonce: body.nonce }).lean()) as TransactionDoc | null;
      if (!tx) throw new AppError(503, 'retry_later', 'The purchase is being processed; please try again.');
    }
  }
  if (tx.payloadHash !== hash) throw new AppError(409, 'conflict', 'This nonce was already used for another purchase.');
  return drive(ctx, tx, user, { pin: body.pin, cardSecret: body.cardSecret }, requestId);
}

/**
 * Brings a sale to its final state. Every step is idempotent (ledger postings replay by key, the terminal start by
 * transaction id), so any number of requests with the same nonce may run this at once, also after a crash.
 */
async function drive(ctx: CheckoutContext, tx: TransactionDoc, user: TokenClaims, secrets: Secrets, requestId: string): Promise<PurchaseResult> {
  if (tx.status === 'cancelled') throw storedError(tx);
  if (tx.status !== 'initializing' && tx.status !== 'pending') return purchaseResult(tx);
  try {
    switch (tx.method) {
      case 'cash':
        if (tx.upgrade) await postTopUp(ctx, tx, requestId);
        return await complete(ctx, tx, { error: null });
      case 'other':
        return await complete(ctx, tx, {});
      case 'account':
      case 'self': {
        const target = tx.method === 'self' ? { userId: tx.userId } : secrets.cardSecret ? { cardSecret: secrets.cardSecret } : { accountId: tx.target!.accountId! };
        // Bar mode (PAYMENT_ACCOUNT_OTHER) and a linked card skip the PIN; the duplicate of a request is the same user's.
        const checkPin = tx.method === 'account' && !secrets.cardSecret && !hasCapabilities(user.capabilities, ['PAYMENT_ACCOUNT_OTHER']);
        const cardSlots = secrets.cardSecret ? await ctx.cardTries.claim(user) : [];
        const posting = await postLedger(
          ctx,
          {
            target,
            amount: -tx.total,
            key: ledgerKeys.checkout(tx.nonce),
            kind: 'purchase',
            ref: String(tx._id),
            checkPin,
            ...(checkPin ? { pin: secrets.pin, registerId: user.registerId ?? null } : {}),
            ...(tx.adultsOn ? { adultOn: tx.adultsOn } : {}),
            description: describe(tx),
          },
          requestId,
        ).catch(async (err: unknown) => {
          // Only a card nobody linked counts against the till.
          if ((err as { identifier?: string }).identifier !== 'unknown_card_secret') await ctx.cardTries.release(cardSlots);
          throw err;
        });
        await ctx.cardTries.release(cardSlots);
        return await complete(ctx, tx, { accountId: posting.accountId, accountName: posting.accountName, balanceAfter: posting.balanceAfter, error: null });
      }
      case 'card':
        return await startCard(ctx, tx, requestId);
    }
  } catch (err) {
    if (isRefusal(err)) await cancel(ctx, tx, err);
    throw err;
  }
}

function describe(tx: TransactionDoc): string {
  const items = [...tx.products.map((p) => `${p.amount}x ${p.name}`), ...(tx.returns ?? []).map((r) => `deposit return ${r.amount}x ${r.name}`)].join(', ');
  return (items || 'Top-up').slice(0, 200);
}

/** Credits a top-up bought at the till (cash at once, card once the terminal approved). */
export async function postTopUp(ctx: CheckoutContext, tx: TransactionDoc, requestId?: string): Promise<void> {
  if (!tx.upgrade || tx.upgrade.posted) return;
  const posting = await postLedger(
    ctx,
    {
      target: { accountId: tx.upgrade.accountId },
      amount: tx.upgrade.amount,
      key: ledgerKeys.checkoutTopUp(tx.nonce),
      kind: 'topup',
      ref: String(tx._id),
      description: `Top-up at the bar (${tx.method})`,
    },
    requestId,
  );
  await recordTopUp(ctx, tx, posting);
}

/** Records on the sale that its top-up was credited, with the account's name and balance from the posting. */
export async function recordTopUp(ctx: CheckoutContext, tx: TransactionDoc, posting: { accountName: string; balanceAfter: number }): Promise<void> {
  if (!tx.upgrade) return;
  await transactionModel(ctx.db).updateOne(
    { _id: tx._id },
    { $set: { 'upgrade.posted': true, 'upgrade.accountName': posting.accountName, 'upgrade.balanceAfter': posting.balanceAfter } },
  );
  tx.upgrade = { ...tx.upgrade, posted: true, accountName: posting.accountName, balanceAfter: posting.balanceAfter };
}

/**
 * Marks a sale completed and announces it. A posting that went through is the truth, so this also overrides a
 * cancellation written by a concurrent duplicate; only the request that changed the status announces the sale, and
 * only a sale being made now (`live`): one settled afterwards (stranded-sales.ts) is not news for the live slide.
 */
export async function complete(
  ctx: CheckoutContext,
  tx: TransactionDoc,
  fields: { accountId?: string; accountName?: string; balanceAfter?: number; error?: null },
  { live = true } = {},
): Promise<PurchaseResult> {
  const Tx = transactionModel(ctx.db);
  const set = { ...fields, status: 'completed' as const };
  const { modifiedCount } = await Tx.updateOne({ _id: tx._id, status: { $ne: 'completed' } }, { $set: set });
  if (modifiedCount > 0) {
    const done = { ...tx, ...set } as TransactionDoc;
    // Finished after its day ended (a card, a replay, a stranded sale): that day's kept report sums are stale.
    await markReportDay(ctx, tx.day);
    if (live) announce(ctx, done);
    return purchaseResult(done);
  }
  const current = (await Tx.findById(tx._id).lean()) as TransactionDoc | null;
  return purchaseResult(current!);
}

/**
 * Puts a completed sale on the live feed, with a first name only when the board chose names on the slide. Best effort
 * and not awaited: the live slide must never slow down or fail a sale.
 */
function announce(ctx: CheckoutContext, done: TransactionDoc): void {
  const onAccount = done.method === 'account' || done.method === 'self';
  void ctx.publicScreen().then(({ showNames }) =>
    ctx.live.publish({
      id: liveSaleId(ctx.env.INTERNAL_TOKEN, String(done._id)),
      at: done.createdAt.toISOString(),
      total: amountDue(done),
      method: done.method,
      items: done.products.map((p) => ({ name: p.name, amount: p.amount })),
      who: showNames && onAccount ? publicName(done.accountName) : null,
    }),
  );
}

async function cancel(ctx: CheckoutContext, tx: TransactionDoc, err: AppError): Promise<void> {
  await transactionModel(ctx.db).updateOne(
    { _id: tx._id, status: 'initializing' },
    { $set: { status: 'cancelled', error: { statusCode: err.statusCode, identifier: err.identifier, message: err.message } } },
  );
}

async function startCard(ctx: CheckoutContext, tx: TransactionDoc, requestId: string): Promise<PurchaseResult> {
  const Tx = transactionModel(ctx.db);
  const started = await ctx.payments('/internal/terminal/transactions', StartTerminalResult, {
    body: { transactionId: String(tx._id), amount: amountDue(tx), registerId: tx.registerId ?? null },
    requestId,
  });
  await Tx.updateOne({ _id: tx._id, status: 'initializing' }, { $set: { status: 'pending', terminal: started.terminal } });
  await Tx.updateOne({ _id: tx._id, terminal: null }, { $set: { terminal: started.terminal } });
  const current = (await Tx.findById(tx._id).lean()) as TransactionDoc | null;
  return purchaseResult(current!);
}
