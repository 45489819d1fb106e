import { api, hasAllCapabilities, readAccessToken, selectCapabilities, selectConfig, type AppThunk } from '@kassa/api-client';
import { formatMoney } from '@kassa/ui';
import { accountsApi } from '../accounts/accounts-api';
import { cartCleared, selectCart } from '../cart/cart-slice';
import { checkoutApi } from '../checkout/checkout-api';
import { insufficientCredits, saleFinished } from '../checkout/checkout-slice';
import type { TillEffects } from '../checkout/till-effects';
import { toKassaError } from '../checkout/to-kassa-error';
import { checkmarkShown, saleShown, UNDO_SNACKBAR_MS } from '../feedback/feedback-slice';
import { offlineNow } from './connection';
import { forgetSale, keepSale, refreshWaiting, waitingOn, waitingSales, type OfflineSale } from './offline-queue';
import { offlineAccountRefusal, type OfflineMethod } from './offline-rules';

export { refreshWaiting, waitingSales };

/**
 * Asks for the till's data once more, through the service worker that just took over the page, so it holds a copy
 * for a start without network (the first load's requests went out before the worker was there). Nothing reaches the
 * store: the screen does not change.
 */
export function warmTillData(capabilities: readonly string[]): void {
  const token = readAccessToken();
  if (!token) return;
  const urls = ['/api/config/', '/api/products/'];
  if (capabilities.includes('PAYMENT_ACCOUNT_AUTHED') || capabilities.includes('PAYMENT_ACCOUNT_OTHER')) urls.push('/api/accounts/');
  if (capabilities.includes('PAYMENT_OTHER')) urls.push('/api/checkout/reasons/');
  for (const url of urls) void fetch(url, { headers: { authorization: `Bearer ${token}` } }).catch(() => undefined);
}

export const warmTillDataFor = (): AppThunk => (_dispatch, getState) => warmTillData(selectCapabilities(getState()));

/**
 * Keeps the cart's sale in IndexedDB to be sent when the network is back, with the nonce the till made for it (also
 * when a request with that nonce may have reached the server already: the server books a nonce once). An account sale
 * must leave the account's last known balance, less this till's waiting sales, at or above its offline floor.
 */
export const sellOffline =
  (method: OfflineMethod, body: OfflineSale['body'], nonce: string, effects: TillEffects): AppThunk<Promise<void>> =>
  async (dispatch, getState) => {
    const state = getState();
    const cart = selectCart(state);
    const lines = cart.entries.map((e) => ({ productId: e.product.id, name: e.product.name, price: e.product.price, amount: e.count }));
    const total = lines.reduce((sum, l) => sum + l.price * l.amount, 0);
    let accountName: string | null = null;
    if (method === 'account') {
      const accounts = accountsApi.endpoints.getTillAccounts.select()(state).data?.accounts ?? [];
      const account = accounts.find((a) => a.id === body.account_id);
      const refusal = account ? offlineAccountRefusal(account, total, await waitingOn(account.id)) : 'The till does not know this account offline.';
      if (refusal) {
        dispatch(insufficientCredits());
        void effects.dialogs.error(refusal, { title: 'Not enough credit offline' });
        return;
      }
      accountName = account?.name ?? null;
    }
    const config = selectConfig(state);
    const madeAt = new Date().toISOString();
    const key = `${madeAt}|${nonce}`;
    await keepSale({
      key,
      nonce,
      method,
      body,
      madeAt,
      total,
      lines,
      accountId: method === 'account' ? (body.account_id ?? null) : null,
      accountName,
      reason: method === 'other' ? (body.reason ?? null) : null,
      registerId: config?.register.id ?? null,
      username: config?.user.username ?? null,
    });
    dispatch(saleFinished());
    dispatch(cartCleared());
    dispatch(checkmarkShown(accountName ? `Saved offline for ${accountName}` : 'Saved offline'));
    const undoable = hasAllCapabilities(selectCapabilities(state), ['PAYMENT_UNDO']);
    dispatch(
      saleShown({
        text: `Saved offline: ${formatMoney(total)} ... sent when the network is back.`,
        duration: UNDO_SNACKBAR_MS,
        action: undoable ? { kind: 'undo-offline', label: 'Undo sale', key } : null,
      }),
    );
  };

/** Sales this replay sent, by queue key: their server id, so an Undo tapped while one was on its way still finds it. */
const sentIds = new Map<string, string>();
/** The queue key of the sale being sent right now. */
let sending: string | null = null;
/**
 * Sales taken out of the queue by an undo: a replay that read the queue before never sends them. Kept for the page's
 * life (a key holds the sale's nonce, never used again; a few an evening).
 */
const dropping = new Set<string>();

export type DropResult = { dropped: true } | { dropped: false; transactionId: string | null };

/**
 * Takes a sale made offline out of the queue before it is sent: it never reaches the server, so there is nothing to
 * reverse. A sale on its way right now is waited for; one the server has by then is answered with its id (undo it
 * there), one gone otherwise (refused when sent) with null.
 */
export async function dropWaiting(key: string): Promise<DropResult> {
  for (;;) {
    if (sending === key && running) {
      await running;
      continue;
    }
    const sent = sentIds.get(key);
    if (sent) return { dropped: false, transactionId: sent };
    const sale = (await waitingSales()).find((s) => s.key === key);
    // The replay took it up while the queue was read: wait for its answer.
    if (sending === key) continue;
    if (!sale) return { dropped: false, transactionId: null };
    // Claimed in the same turn as the check above: the replay skips it from here on.
    dropping.add(key);
    try {
      await forgetSale(sale);
    } finally {
      await refreshWaiting();
    }
    return { dropped: true };
  }
}


/** A refusal the till may come back from (the server recorded nothing): keep the sale and stop this run. */
const comeBackLater = (status: number) => status === 0 || status >= 500 || status === 401 || status === 403 || status === 408 || status === 429;

let running: Promise<void> | null = null;

/**
 * Sends the waiting sales in the order they were made, each with its nonce and the time it was made. A sale the
 * server took, or refused for good (it then recorded the refusal for the bar manager), leaves the queue; a network
 * failure, a 5xx, an expired sign-in or a missing right stops the run with everything after it still waiting.
 */
export function replayWaiting(dispatch: (thunk: AppThunk<Promise<void>>) => Promise<void>, effects: TillEffects): Promise<void> {
  running ??= dispatch(replay(effects)).finally(() => {
    running = null;
  });
  return running;
}

const replay =
  (effects: TillEffects): AppThunk<Promise<void>> =>
  async (dispatch) => {
    const refused: { sale: OfflineSale; message: string }[] = [];
    let sent = 0;
    try {
      for (const sale of await waitingSales()) {
        if (offlineNow()) break;
        // Checked and claimed in one turn (dropWaiting does the same the other way round): undone, or sent.
        if (dropping.has(sale.key)) continue;
        sending = sale.key;
        try {
          const result = await dispatch(checkoutApi.endpoints.checkout.initiate({ method: sale.method, body: { ...sale.body, nonce: sale.nonce, madeAt: sale.madeAt } }, { track: false })).unwrap();
          sentIds.set(sale.key, result.transaction_id);
          sent += 1;
        } catch (err) {
          const e = toKassaError(err);
          if (comeBackLater(e.status)) break;
          refused.push({ sale, message: e.message.replace(/\.$/, '') });
        } finally {
          sending = null;
        }
        await forgetSale(sale);
      }
    } finally {
      await refreshWaiting();
    }
    if (sent + refused.length > 0) dispatch(api.util.invalidateTags(['Accounts', 'RecentSales']));
    if (refused.length > 0) {
      const list = refused.map(({ sale, message }) => `${formatMoney(sale.total)}${sale.accountName ? ` on ${sale.accountName}` : ` (${sale.method})`}: ${message}`).join(' · ');
      void effects.dialogs.error(
        `${refused.length === 1 ? 'A sale made offline was' : `${refused.length} sales made offline were`} refused when sent: ${list}. The bar manager finds ${refused.length === 1 ? 'it' : 'them'} under Admin › Transactions › Refused offline sales.`,
        { title: 'Offline sales refused' },
      );
    }
  };
