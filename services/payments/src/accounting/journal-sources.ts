import { InternalCategories, InternalLedgers, LedgerDayTotals, SalesJournalDay, type AdminLedger, type JournalEntry } from '@kassa/contracts';
import type { InternalClient } from '@kassa/service-kit';
import { buildJournal } from './journal';

export interface JournalClients {
  accounts: InternalClient;
  checkout: InternalClient;
  catalog: InternalClient;
}

/** The ledgers with their codes (accounts owns them). */
export const loadLedgers = async (c: JournalClients): Promise<AdminLedger[]> => (await c.accounts('/internal/ledgers', InternalLedgers)).ledgers;

/** Reads a range's journal entries: the ledgers and names once, then each day's sales and postings. */
export async function loadJournals(c: JournalClients, days: string[]): Promise<JournalEntry[]> {
  const [ledgers, categories] = await Promise.all([loadLedgers(c), c.catalog('/internal/categories', InternalCategories)]);
  const names = new Map(categories.categories.map((cat) => [cat.id, cat.name]));
  const out: JournalEntry[] = [];
  for (const day of days) {
    const [sales, postings] = await Promise.all([c.checkout(`/internal/sales/journal?day=${day}`, SalesJournalDay), c.accounts(`/internal/ledger/day?day=${day}`, LedgerDayTotals)]);
    out.push(buildJournal({ day, sales, postings, ledgers, categories: names }));
  }
  return out;
}

/** The days from start up to and with end (YYYY-MM-DD). */
export function daysBetween(start: string, end: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}
