import type { AdminLedger, JournalEntry, JournalLine, LedgerDayTotals, SalesJournalDay } from '@kassa/contracts';

/** The ledger a sale's checkout method is paid into (accounts' LEDGERS say what each covers). */
const METHOD_LEDGER: Record<string, string> = { cash: 'cash', card: 'card', other: 'other_payments', account: 'account_sales', self: 'account_sales' };
const METHOD_NAME: Record<string, string> = { cash: 'cash', card: 'card', other: 'other reasons', account: 'member accounts', self: 'own accounts' };

/** A ledger the entry needs that has no accounting code. */
export class UnmappedLedgers extends Error {
  constructor(readonly ledgers: { id: string; name: string }[]) {
    super(`unmapped ledgers: ${ledgers.map((l) => l.id).join(', ')}`);
  }
}

/** The VAT inside a gross amount at `rate` percent, rounded to the cent (half away from zero). */
export const vatOf = (gross: number, rate: number): number => {
  if (rate <= 0) return 0;
  const exact = (gross * rate) / (100 + rate);
  return Math.sign(exact) * Math.round(Math.abs(exact));
};

export const journalReference = (day: string) => `Kassa ${day}`;

export interface JournalSources {
  day: string;
  sales: SalesJournalDay;
  postings: LedgerDayTotals;
  ledgers: AdminLedger[];
  /** Category id → name. */
  categories: Map<string, string>;
}

/**
 * One day's journal entry (docs/decisions.md "Accounting export"). Debit positive, credit negative; it sums to zero by
 * construction:
 * - sales: each checkout method's total is debited to where the money went (cash, card, other reasons, the
 *   sales-on-account clearing ledger), and credited as revenue per category and VAT rate (net) plus VAT per rate; a
 *   sale undone counts back on the day it was undone (the revenue less, the method's ledger credited);
 * - deposits (statiegeld): charged with sales (inside the method totals) credited to Deposits, paid back on returned
 *   packaging debited to it, so that ledger shows deposits out against returned per day;
 * - top-ups bought at the till: debited to cash or card, credited to the bar top-ups clearing ledger;
 * - postings: member balances (the member-accounts ledger) move by the day's postings, each row booked against the
 *   ledger accounts names for it (purchases and undos on sales on account, till top-ups and their undos on bar
 *   top-ups, board top-ups where they were paid, invoices paid or refunded on the bank, iDEAL, direct debit, ...).
 * Lines of zero are left out. Throws UnmappedLedgers when a ledger it needs has no code.
 */
export function buildJournal(src: JournalSources): JournalEntry {
  const ledgers = new Map(src.ledgers.map((l) => [l.id, l]));
  const raw: Omit<JournalLine, 'code' | 'ledgerName'>[] = [];
  const add = (ledgerId: string, amount: number, description: string, vatRate: number | null = null) => {
    if (amount !== 0) raw.push({ ledgerId, amount, description, vatRate });
  };

  for (const m of src.sales.byMethod) add(METHOD_LEDGER[m.method] ?? 'other_payments', m.total, `Sales paid by ${METHOD_NAME[m.method] ?? m.method} (${m.count})`);
  for (const m of src.sales.undoneByMethod) add(METHOD_LEDGER[m.method] ?? 'other_payments', -m.total, `Sales paid by ${METHOD_NAME[m.method] ?? m.method} undone (${m.count})`);
  const vatByRate = new Map<number, number>();
  for (const r of src.sales.revenue) {
    const rate = r.vatRate ?? 0;
    const vat = vatOf(r.gross, rate);
    const category = r.categoryId ? (src.categories.get(r.categoryId) ?? 'Removed category') : 'No category';
    add('sales', -(r.gross - vat), `Revenue ${category}, ${rate}% VAT`, rate);
    vatByRate.set(rate, (vatByRate.get(rate) ?? 0) + vat);
  }
  for (const [rate, vat] of [...vatByRate].sort((a, b) => b[0] - a[0])) add('vat', -vat, `VAT ${rate}% on sales`, rate);
  // Deposits are money held for the packaging, not revenue: charged ones credited, paid-back ones debited.
  const deposits = src.sales.deposits ?? { charged: 0, chargedUnits: 0, returned: 0, returnedUnits: 0 };
  add('deposits', -deposits.charged, `Deposits charged (${deposits.chargedUnits})`);
  add('deposits', deposits.returned, `Deposits returned (${deposits.returnedUnits})`);
  for (const t of src.sales.topupsByMethod) {
    add(METHOD_LEDGER[t.method] ?? 'other_payments', t.total, `Top-ups paid by ${METHOD_NAME[t.method] ?? t.method}`);
    add('bar_topups', -t.total, `Top-ups bought at the till (${METHOD_NAME[t.method] ?? t.method})`);
  }
  let balances = 0;
  for (const k of src.postings.byKind) {
    add(k.ledgerId, k.total, `Member accounts: ${k.label ?? k.kind.replace('_', ' ')} (${k.count})`);
    balances += k.total;
  }
  add('member_accounts', -balances, 'Change of member balances');

  const unmapped = [...new Set(raw.map((l) => l.ledgerId))]
    .filter((id) => !ledgers.get(id)?.code)
    .map((id) => ({ id, name: ledgers.get(id)?.name ?? id }));
  if (unmapped.length) throw new UnmappedLedgers(unmapped);

  const lines: JournalLine[] = raw.map((l) => ({ ...l, ledgerName: ledgers.get(l.ledgerId)!.name, code: ledgers.get(l.ledgerId)!.code! }));
  const total = lines.reduce((sum, l) => sum + (l.amount > 0 ? l.amount : 0), 0);
  return { day: src.day, reference: journalReference(src.day), lines, total };
}
