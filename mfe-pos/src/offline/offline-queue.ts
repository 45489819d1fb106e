import type { CheckoutBody } from '@kassa/contracts';
import { createStore, del, entries, set } from 'idb-keyval';
import { setWaiting } from './connection';

/** A sale made while the till was offline, kept in IndexedDB until the server has it (or has refused and recorded it). */
export interface OfflineSale {
  /** Sorts in the order the sales were made: `madeAt|nonce`. */
  key: string;
  nonce: string;
  method: 'cash' | 'other' | 'account';
  /** The checkout body without nonce and madeAt (never a PIN or a card secret). */
  body: Omit<CheckoutBody, 'nonce' | 'madeAt' | 'pin' | 'cardSecret'>;
  madeAt: string;
  /** Cents, at the prices the till showed. */
  total: number;
  lines: { productId: string; name: string; price: number; amount: number }[];
  accountId: string | null;
  accountName: string | null;
  reason: string | null;
  registerId: string | null;
  username: string | null;
}

const store = createStore('kassa-offline', 'sales');

export async function waitingSales(): Promise<OfflineSale[]> {
  const all = await entries<string, OfflineSale>(store);
  return all.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, sale]) => sale);
}

export async function refreshWaiting(): Promise<OfflineSale[]> {
  const sales = await waitingSales();
  setWaiting(sales.length);
  return sales;
}

export async function keepSale(sale: OfflineSale): Promise<void> {
  // Asks the browser not to clear the queue when the tablet runs short of space (a hint; Chromium grants it to an
  // installed or often used site).
  void navigator.storage?.persist?.().catch(() => false);
  await set(sale.key, sale, store);
  await refreshWaiting();
}

export async function forgetSale(sale: OfflineSale): Promise<void> {
  await del(sale.key, store);
}

/** Cents of this account's sales still waiting on this till. */
export async function waitingOn(accountId: string): Promise<number> {
  return (await waitingSales()).filter((s) => s.accountId === accountId).reduce((sum, s) => sum + s.total, 0);
}
