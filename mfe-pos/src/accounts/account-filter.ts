import type { TillAccount } from '@kassa/contracts';
import { Fuse } from '../search/fuzzy';

/** SPEC 9: the picker first shows accounts used within the last 75 days. */
export const RECENT_DAYS = 75;
/** SPEC 9: account names longer than 21 characters get the long-name style. */
export const LONG_ACCOUNT_NAME = 21;
/** SPEC 9: fuzzy search threshold for accounts, by name. */
export const ACCOUNT_SEARCH_THRESHOLD = 0.4;

export const LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '@'] as const;
export type Letter = (typeof LETTERS)[number];

/**
 * The quick-filter letter of a name: its first letter, NFC-normalised and upper-cased, filed under its base letter
 * ("Émile" under E, "ölmez" under O); anything that is not a letter (digits, "@") under "@".
 */
export function letterOf(name: string): Letter {
  const first = [...name.normalize('NFC').trim()][0]?.toUpperCase() ?? '';
  const base = first.normalize('NFD').charAt(0);
  return /^[A-Z]$/.test(base) ? (base as Letter) : '@';
}

const DAY_MS = 86_400_000;

const usedAt = (account: Pick<TillAccount, 'lastUsed'>) => (account.lastUsed ? Date.parse(account.lastUsed) : Number.NaN);
const usedRecently = (used: number, now: number) => !Number.isNaN(used) && now - used <= RECENT_DAYS * DAY_MS;

/** SPEC 5: no direct debit, not an event account, and a balance below the price (bar mode only). */
export function isBroke(account: Pick<TillAccount, 'balance' | 'directDebit' | 'type'>, price: number): boolean {
  if (account.balance === null) return false;
  return account.directDebit !== true && account.type !== 'event' && account.balance < price;
}

export interface AccountIndex {
  fuse: Fuse<TillAccount>;
  letters: Letter[];
  /** lastUsed as ms (NaN when never used), parsed once rather than on every filter. */
  used: number[];
}

// One index per list the API returned; RTK Query keeps the same array until the accounts really change.
const indexes = new WeakMap<readonly TillAccount[], AccountIndex>();

export function accountIndex(accounts: readonly TillAccount[]): AccountIndex {
  let index = indexes.get(accounts);
  if (!index) {
    index = {
      fuse: new Fuse([...accounts], { keys: ['name'], threshold: ACCOUNT_SEARCH_THRESHOLD, ignoreLocation: true }),
      letters: accounts.map((a) => letterOf(a.name)),
      used: accounts.map(usedAt),
    };
    indexes.set(accounts, index);
  }
  return index;
}

export interface AccountFilter {
  query: string;
  letter: Letter | null;
  /** After "Show more": every account, not only the recent ones. */
  showAll: boolean;
  now: number;
}

/**
 * The accounts matching the picker's filters. A search or a letter looks through every account (a member not seen
 * for three months must still be findable); without them only the recent ones show until "Show more".
 */
export function filterAccounts(accounts: readonly TillAccount[], f: AccountFilter): TillAccount[] {
  const { fuse, letters, used } = accountIndex(accounts);
  const query = f.query.trim();
  const letterOk = (a: TillAccount, i: number) => f.letter === null || letters[i] === f.letter;
  if (query) {
    return fuse.search(query).filter((r) => letterOk(r.item, r.refIndex)).map((r) => r.item);
  }
  if (f.letter !== null) return accounts.filter(letterOk);
  if (f.showAll) return [...accounts];
  return accounts.filter((_, i) => usedRecently(used[i] ?? Number.NaN, f.now));
}
