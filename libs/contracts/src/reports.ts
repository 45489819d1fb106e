import { z } from 'zod';
import { CheckoutMethod } from './checkout';
import { CalendarDay } from './text';
import { Cents } from './wrapper';

/** The longest range a day report covers (a year, leap day included). */
export const REPORT_MAX_DAYS = 366;

/**
 * GET /api/admin/reports/day: one local day (`day`) or a range of them (`from` and `to`, both included). A report is
 * the sales matching a filter; a shift's report will be the same report with another filter.
 */
export const DayReportQuery = z
  .object({ day: CalendarDay.optional(), from: CalendarDay.optional(), to: CalendarDay.optional() })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.day && (v.from || v.to)) issue('day', 'Give a day, or a range with from and to, not both.');
    else if (!v.day && !(v.from && v.to)) issue(v.from ? 'to' : 'from', 'Give a day, or a range with from and to.');
    else if (v.from && v.to && v.to < v.from) issue('to', 'The range ends before it starts.');
    else if (v.from && v.to && (Date.parse(`${v.to}T00:00:00Z`) - Date.parse(`${v.from}T00:00:00Z`)) / 86_400_000 + 1 > REPORT_MAX_DAYS)
      issue('to', `A report covers at most ${REPORT_MAX_DAYS} days.`);
  });
export type DayReportQuery = z.infer<typeof DayReportQuery>;

const Sum = { count: z.number().int(), total: Cents };

/** Money taken for the sales (products and deposits, less deposits paid back) by one checkout method. */
export const ReportMethodRow = z.object({ method: CheckoutMethod, ...Sum });
/** Sales on "other" by the reason given. */
export const ReportReasonRow = z.object({ reason: z.string(), ...Sum });
/** Top-ups bought at the till, by how they were paid (cash or card). */
export const ReportTopupRow = z.object({ method: CheckoutMethod, ...Sum });
/** Units sold and revenue (price times units, VAT included, deposits apart) of one product at one VAT rate. */
export const ReportProductRow = z.object({
  productId: z.string(),
  name: z.string(),
  categoryId: z.string().nullable(),
  vatRate: z.number().int().nullable(),
  amount: z.number().int(),
  revenue: Cents,
});
/** The same by category and VAT rate. */
export const ReportCategoryRow = z.object({
  categoryId: z.string().nullable(),
  name: z.string(),
  vatRate: z.number().int().nullable(),
  amount: z.number().int(),
  revenue: Cents,
});

export const DayReport = z.object({
  from: CalendarDay,
  to: CalendarDay,
  /** Completed sales that were not undone, by checkout method (cash, card, account, self = own account, other). */
  takings: z.array(ReportMethodRow),
  otherByReason: z.array(ReportReasonRow),
  topups: z.array(ReportTopupRow),
  /** Sales of these days that were undone: not in the takings. `topups` is what their top-ups came to. */
  undos: z.object({ ...Sum, topups: Cents, byMethod: z.array(ReportMethodRow) }),
  deposits: z.object({ soldUnits: z.number().int(), sold: Cents, returnedUnits: z.number().int(), returned: Cents }),
  products: z.array(ReportProductRow),
  categories: z.array(ReportCategoryRow),
  totals: z.object({
    /** Completed, not undone sales. */
    sales: z.number().int(),
    /** The takings of every method. */
    takings: Cents,
    topups: Cents,
    /** takings + topups: every euro the sales brought in, whatever the method. */
    received: Cents,
    /** Revenue of the products (deposits apart). */
    revenue: Cents,
  }),
});
export type DayReport = z.infer<typeof DayReport>;

export const OVERVIEW_DAYS = [30, 90, 365] as const;
export const OverviewQuery = z.object({
  days: z.enum(['30', '90', '365'], { error: 'Choose 30, 90 or 365 days.' }).default('30').transform(Number),
});

/** The treasurer's view over the last `days` days (today included). */
export const ReportOverview = z.object({
  from: CalendarDay,
  to: CalendarDay,
  days: z.number().int(),
  /** Takings per day by checkout method (completed, not undone sales), days without sales left out. */
  perDay: z.array(z.object({ day: CalendarDay, cash: Cents, card: Cents, account: Cents, self: Cents, other: Cents, total: Cents })),
  /** What the accounts hold now: `held` the sum of positive balances (owed to members), `owed` of negative ones. */
  balances: z.object({ held: Cents, owed: Cents, accountsHeld: z.number().int(), accountsOwing: z.number().int() }),
  /** The ten products sold most (units). */
  topProducts: z.array(z.object({ productId: z.string(), name: z.string(), amount: z.number().int(), revenue: Cents })),
  /** Sales per local hour of the day (0-23), every hour listed. */
  hours: z.array(z.object({ hour: z.number().int().min(0).max(23), count: z.number().int(), total: Cents })),
});
export type ReportOverview = z.infer<typeof ReportOverview>;
