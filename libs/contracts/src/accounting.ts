import { z } from 'zod';
import { AdminLedger } from './accounts-admin';
import { CalendarDay } from './text';
import { Cents, ObjectId, PageQuery } from './wrapper';

/**
 * The accounting export (services/payments/src/accounting, with Exact in accounting/exact): one journal entry per Dutch day, booked in Exact
 * Online or downloaded as CSV. Amounts are signed cents: debit positive, credit negative; an entry sums to zero.
 */

/** GET /internal/sales/journal?day= on checkout: a day's completed, not undone sales, summed for the journal. */
export const SalesJournalQuery = z.object({ day: CalendarDay });
export const SalesJournalDay = z.object({
  day: CalendarDay,
  /** Products sold, by category and VAT rate (percent), gross (VAT included). */
  revenue: z.array(z.object({ categoryId: z.string().nullable(), vatRate: z.number().int().nullable(), gross: Cents })),
  /** Product totals by checkout method (cash, card, account, self, other) of the sales made that day. */
  byMethod: z.array(z.object({ method: z.string(), total: Cents, count: z.number().int() })),
  /** Product totals by checkout method of the sales undone that day (whatever day they were made): paid back. */
  undoneByMethod: z.array(z.object({ method: z.string(), total: Cents, count: z.number().int() })).default([]),
  /** Top-ups bought at the till and credited, by checkout method (cash or card), less those undone that day. */
  topupsByMethod: z.array(z.object({ method: z.string(), total: Cents })),
  /**
   * Deposits (statiegeld) charged on the products sold and paid back on packaging returned, in cents and units, less
   * those of sales undone that day. Inside the method totals, never revenue: the Deposits ledger holds them.
   */
  deposits: z
    .object({ charged: Cents, chargedUnits: z.number().int(), returned: Cents, returnedUnits: z.number().int() })
    .default({ charged: 0, chargedUnits: 0, returned: 0, returnedUnits: 0 }),
});
export type SalesJournalDay = z.infer<typeof SalesJournalDay>;

/** GET /internal/ledger/day?day= on accounts: the day's postings summed per kind (the change of member balances). */
export const LedgerDayQuery = z.object({ day: CalendarDay });
export const LedgerDayTotals = z.object({
  day: CalendarDay,
  /**
   * `ledgerId`: the ledger the kind is booked against (accounts decides which ledger covers which kind); `label`: what
   * the line is, in words (a kind, or e.g. "top-up by the board (cash)", "invoice paid").
   */
  byKind: z.array(z.object({ kind: z.string(), ledgerId: z.string(), label: z.string().optional(), total: Cents, count: z.number().int() })),
});
export type LedgerDayTotals = z.infer<typeof LedgerDayTotals>;

/** GET /internal/ledgers on accounts: every ledger with its accounting code (the export's mapping). */
export const InternalLedgers = z.object({ ledgers: z.array(AdminLedger) });
export type InternalLedgers = z.infer<typeof InternalLedgers>;

/** GET /internal/categories on catalog: names for the journal's revenue lines. */
export const InternalCategories = z.object({ categories: z.array(z.object({ id: z.string(), name: z.string() })) });
export type InternalCategories = z.infer<typeof InternalCategories>;

/** One line of a day's journal entry. */
export const JournalLine = z.object({
  ledgerId: z.string(),
  ledgerName: z.string(),
  /** The accounting code (general-ledger account) the ledger is mapped to. */
  code: z.string(),
  description: z.string(),
  /** Debit positive, credit negative. */
  amount: Cents,
  vatRate: z.number().int().nullable(),
});
export type JournalLine = z.infer<typeof JournalLine>;

export const JournalEntry = z.object({
  day: CalendarDay,
  /** Unique per day: what the entry is found by in Exact ("Kassa 2026-11-24"). */
  reference: z.string(),
  lines: z.array(JournalLine),
  /** Sum of the debit lines (= sum of the credit lines). */
  total: Cents,
});
export type JournalEntry = z.infer<typeof JournalEntry>;

/** Where the connection stands; `needs_attention`: a token refresh failed, connect again. */
export const ExactConnectionStatus = z.enum(['disconnected', 'connected', 'needs_attention']);
export type ExactConnectionStatus = z.infer<typeof ExactConnectionStatus>;

/** GET /api/admin/exact/connection: never a token, only what the treasurer needs to see. */
export const ExactConnection = z.object({
  status: ExactConnectionStatus,
  provider: z.string(),
  division: z.string().nullable(),
  divisionName: z.string().nullable(),
  connectedAt: z.string().nullable(),
  connectedBy: z.string().nullable(),
  /** Why the connection needs attention (the provider's refusal, without secrets). */
  attention: z.string().nullable(),
});
export type ExactConnection = z.infer<typeof ExactConnection>;

/** POST /api/admin/exact/connect: where to send the browser to grant access. */
export const ExactConnectStart = z.object({ authorizeUrl: z.string() });
export type ExactConnectStart = z.infer<typeof ExactConnectStart>;

/** POST /api/admin/exact/oauth/callback: what the provider handed back to /admin/exact/oauth/success. */
export const ExactOauthCallbackBody = z.object({
  code: z.string().min(1, 'The provider sent no code.').max(2000),
  state: z.string().min(1, 'The provider sent no state.').max(200),
});
export type ExactOauthCallbackBody = z.infer<typeof ExactOauthCallbackBody>;

export const ExportStatus = z.enum(['queued', 'running', 'done', 'failed']);
export type ExportStatus = z.infer<typeof ExportStatus>;

/** One day of an export: booked now, already booked before (one entry per day), or nothing to book. */
export const ExportDay = z.object({
  day: CalendarDay,
  result: z.enum(['booked', 'already_booked', 'empty']),
  entryId: z.string().nullable(),
  total: Cents,
  lines: z.number().int(),
});
export type ExportDay = z.infer<typeof ExportDay>;

export const AccountingExport = z.object({
  id: ObjectId,
  start: CalendarDay,
  end: CalendarDay,
  status: ExportStatus,
  days: z.array(ExportDay),
  error: z.string().nullable(),
  attempts: z.number().int(),
  requestedBy: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type AccountingExport = z.infer<typeof AccountingExport>;

/** Longest range one export or download covers. */
export const EXPORT_MAX_DAYS = 31;

const dayRangeChecks = <T extends { start: string; end: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.end < v.start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'The end is before the start.' });
  const days = (Date.parse(`${v.end}T00:00:00Z`) - Date.parse(`${v.start}T00:00:00Z`)) / 86_400_000 + 1;
  if (days > EXPORT_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['end'], message: `Choose at most ${EXPORT_MAX_DAYS} days.` });
};

/** POST /api/admin/exact/exports: book the days from start up to and with end (closed days only). */
export const ExportBody = z.object({ start: CalendarDay, end: CalendarDay }).superRefine(dayRangeChecks);
export type ExportBody = z.infer<typeof ExportBody>;

export const ExportsQuery = PageQuery;
export type ExportsQuery = z.input<typeof ExportsQuery>;

/** GET /api/admin/exact/journal.csv: the same journal as a file; `decimals=nl` writes 12,50 and separates with `;`. */
export const JournalCsvQuery = z
  .object({ start: CalendarDay, end: CalendarDay, decimals: z.enum(['nl', 'en']).default('en') })
  .superRefine(dayRangeChecks);
export type JournalCsvQuery = z.input<typeof JournalCsvQuery>;

/** GET /api/admin/exact/journal?day=: one day's entry as the export would book it (the page's preview). */
export const JournalQuery = z.object({ day: CalendarDay });
export type JournalQuery = z.input<typeof JournalQuery>;

/** Why an export is refused: the ledgers without an accounting code, to map first. */
export const unmappedMessage = (ledgers: { id: string; name: string }[]) =>
  `Map these ledgers to an accounting code first: ${ledgers.map((l) => l.name).join(', ')}.`;
