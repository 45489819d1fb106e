import { SalesCount, type AdminLedger, type CheckoutMethod, type LedgerKind, type PostingKind } from '@kassa/contracts';
import { dayRange, type InternalClient } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import { ledgerSettingModel } from '../models/ledger-setting.model';
import { postingModel } from '../models/posting.model';

/** What a ledger covers: sales by their checkout method (checkout owns them) or postings by their kind (ours). */
type Covers = { sales: CheckoutMethod[] | 'all' } | { postings: PostingKind[] | 'all' };

interface LedgerDefinition {
  id: string;
  name: string;
  code: string;
  kind: LedgerKind;
  covers: string;
  of: Covers;
}

/**
 * The ledgers of the accounting export (SPEC 3 "Ledger: id, name"): fixed by what Kassa books, so their id and name
 * never change; the board sets each one's accounting code and kind to match its chart of accounts (docs/decisions.md).
 */
export const LEDGERS: readonly LedgerDefinition[] = [
  { id: 'sales', name: 'Sales', code: '8000', kind: 'revenue', covers: 'Completed sales, however they were paid', of: { sales: 'all' } },
  { id: 'cash', name: 'Cash box', code: '1000', kind: 'asset', covers: 'Sales paid in cash', of: { sales: ['cash'] } },
  { id: 'card', name: 'Card terminal', code: '1010', kind: 'asset', covers: 'Sales paid by card at the terminal', of: { sales: ['card'] } },
  { id: 'other_payments', name: 'Other payments', code: '4990', kind: 'expense', covers: 'Sales booked to an "other" reason', of: { sales: ['other'] } },
  { id: 'member_accounts', name: 'Member accounts', code: '1600', kind: 'liability', covers: 'Every posting on a member account', of: { postings: 'all' } },
  { id: 'account_sales', name: 'Sales on account', code: '1610', kind: 'liability', covers: 'Purchases paid from a member account, and undone sales and top-ups', of: { postings: ['purchase', 'undo'] } },
  { id: 'bar_topups', name: 'Top-ups at the bar', code: '1620', kind: 'liability', covers: 'Top-ups at the till and their undos (board top-ups go to where they were paid)', of: { postings: ['topup'] } },
  { id: 'bank', name: 'Bank account', code: '1100', kind: 'asset', covers: 'Board top-ups by bank transfer, and invoices paid or refunded by bank', of: { postings: [] } },
  { id: 'ideal', name: 'iDEAL', code: '1020', kind: 'asset', covers: 'Online top-ups paid with iDEAL', of: { postings: ['ideal'] } },
  { id: 'direct_debit', name: 'Direct debit', code: '1030', kind: 'asset', covers: 'Direct-debit collections from credit accounts', of: { postings: ['direct_debit'] } },
  { id: 'corrections', name: 'Corrections and expiry', code: '4900', kind: 'expense', covers: 'Corrections by the board and balances expired on closing', of: { postings: ['correction', 'expiry'] } },
  { id: 'deposits', name: 'Deposits', code: '1630', kind: 'liability', covers: 'Deposits (statiegeld) charged with sales, less those paid back on returned packaging', of: { sales: 'all' } },
  { id: 'vat', name: 'VAT payable', code: '1500', kind: 'liability', covers: 'VAT on completed sales, per rate', of: { sales: 'all' } },
  { id: 'payouts', name: 'Payouts', code: '1110', kind: 'asset', covers: 'Balances paid out to leaving members by bank transfer', of: { postings: ['payout'] } },
  { id: 'donations', name: 'Donations', code: '8900', kind: 'revenue', covers: 'Balances leaving members gave to the association', of: { postings: ['donation'] } },
  { id: 'fines', name: 'Fines', code: '8910', kind: 'revenue', covers: 'Fines on debts after a failed direct debit, less those waived', of: { postings: ['fine'] } },
  { id: 'opening', name: 'Opening balances', code: '0900', kind: 'liability', covers: 'Balances brought in when an account was opened', of: { postings: ['opening'] } },
];

/** The ledger a posting kind is booked against in the accounting export (the member-accounts side is its counterpart). */
export const ledgerOfKind = (kind: PostingKind): string =>
  LEDGERS.find((l) => 'postings' in l.of && l.of.postings !== 'all' && l.of.postings.includes(kind))?.id ?? 'corrections';

export const findLedger = (id: string) => LEDGERS.find((l) => l.id === id) ?? null;

/** Every ledger with what the board set for it. */
export async function adminLedgers(db: Connection): Promise<AdminLedger[]> {
  const set = new Map((await ledgerSettingModel(db).find({}).lean()).map((s) => [s.ledgerId, s]));
  return LEDGERS.map((l) => {
    const own = set.get(l.id);
    return { id: l.id, name: l.name, code: own ? (own.code ?? null) : l.code, kind: (own?.kind as LedgerKind | undefined) ?? l.kind, covers: l.covers };
  });
}

/** How many sales or postings a ledger covers between two Dutch days (inclusive; open ends count everything). */
export async function countLedger(db: Connection, checkout: InternalClient, ledger: LedgerDefinition, start: string | null, end: string | null): Promise<number> {
  if ('sales' in ledger.of) {
    const params = new URLSearchParams();
    if (ledger.of.sales !== 'all') params.set('methods', ledger.of.sales.join(','));
    if (start) params.set('start', start);
    if (end) params.set('end', end);
    return (await checkout(`/internal/sales/count?${params}`, SalesCount)).count;
  }
  const filter: Record<string, unknown> = {};
  if (ledger.of.postings !== 'all') filter.kind = { $in: ledger.of.postings };
  const at: Record<string, Date> = {};
  if (start) at.$gte = dayRange(start).start;
  if (end) at.$lt = dayRange(end).end;
  if (start || end) filter.at = at;
  return postingModel(db).countDocuments(filter);
}
