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

/**
 * SPEC 5: no direct debit, not an event account, and a balance below the price (bar mode only). A tab is broke only
 * when the price takes it past its limit; a tab without a limit never is.
 */
export function isBroke(account: Pick<TillAccount, 'balance' | 'directDebit' | 'type' | 'tab' | 'tabLimit'>, price: number): boolean {
  if (account.balance === null) return false;
  if (account.tab) return typeof account.tabLimit === 'number' && account.balance - price < -account.tabLimit;
  return account.directDebit !== true && account.type !== 'event' && account.balance < price;
}

/** A name as staff type it: lower case, accents off, one space between words. */
export const searchKey = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, ' ');

/**
 * How well a name matches what was typed, best first: 0 the whole name, 1 the start of the name, 2 the name from one of
 * its words on ("jansen", "de jong", "van der meer"), 3 the start of one of its words ("jans"); null when none of these
 * (Fuse's fuzzy matches come after all of them).
 */
export function matchRank(key: string, query: string): 0 | 1 | 2 | 3 | null {
  if (key === query) return 0;
  if (key.startsWith(query)) return 1;
  let best: 2 | 3 | null = null;
  for (let i = key.indexOf(' '); i !== -1; i = key.indexOf(' ', i + 1)) {
    const tail = key.slice(i + 1);
    if (tail === query) return 2;
    if (tail.startsWith(query)) best = 3;
  }
  return best;
}

export interface AccountIndex {
  fuse: Fuse<TillAccount>;
  /** searchKey of each name. */
  keys: string[];
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
      keys: accounts.map((a) => searchKey(a.name)),
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
  const { fuse, keys, letters, used } = accountIndex(accounts);
  const query = f.query.trim();
  const letterOk = (a: TillAccount, i: number) => f.letter === null || letters[i] === f.letter;
  if (query) return searchAccounts(accounts, keys, fuse, query, letterOk);
  if (f.letter !== null) return accounts.filter(letterOk);
  if (f.showAll) return [...accounts];
  return accounts.filter((_, i) => usedRecently(used[i] ?? Number.NaN, f.now));
}

/**
 * A search (issue 44): a name typed in full gives that account alone (or the accounts that share it); otherwise the
 * names that start with it, then those with a word that starts with it, then Fuse's fuzzy matches (threshold 0.4), so
 * "jan" puts Jan de Jong above Anouk Jansen.
 */
function searchAccounts(
  accounts: readonly TillAccount[],
  keys: readonly string[],
  fuse: Fuse<TillAccount>,
  query: string,
  letterOk: (a: TillAccount, i: number) => boolean,
): TillAccount[] {
  const q = searchKey(query);
  const tiers: number[][] = [[], [], [], []];
  keys.forEach((key, i) => {
    const rank = matchRank(key, q);
    if (rank !== null && letterOk(accounts[i]!, i)) tiers[rank]!.push(i);
  });
  if (tiers[0]!.length > 0) return tiers[0]!.map((i) => accounts[i]!);
  const taken = new Set(tiers.flat());
  const ranked = tiers.flat().map((i) => accounts[i]!);
  for (const r of fuse.search(query)) if (!taken.has(r.refIndex) && letterOk(r.item, r.refIndex)) ranked.push(r.item);
  return ranked;
}
