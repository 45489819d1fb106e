import { z } from 'zod';
import { Cents, ObjectId } from './wrapper';

/**
 * Dormant accounts (issue 48 §5; SPEC 1: an account unused for more than a year may be closed and its positive balance
 * expires). A monthly round tells each such account's members 14 days ahead; then two board members confirm, and the
 * accounts still unused are closed with their balance expired. One that owes money is left to the debtors page.
 */
export const DormantState = z.enum(['waiting', 'used', 'owes', 'to_close', 'closed']);
export type DormantState = z.infer<typeof DormantState>;
export const DORMANT_STATE_LABELS: Record<DormantState, string> = {
  waiting: 'Told, waiting',
  used: 'Used since: kept',
  owes: 'Owes: see debtors',
  to_close: 'To close',
  closed: 'Closed',
};

/** Days between the notice and the close (the terms' notice period). */
export const DORMANT_NOTICE_DAYS = 14;

export const DormantAccount = z.object({
  accountId: ObjectId,
  name: z.string(),
  /** When the members last used it (a sale, a top-up, iDEAL), else when it was made. */
  lastUse: z.string(),
  /** The balance when told, and now. */
  balanceWhenTold: Cents,
  balance: Cents,
  noticedAt: z.string(),
  /** The day from which it may be closed (YYYY-MM-DD). */
  closeOn: z.string(),
  /** Members mailed (none: the account has no user to tell). */
  told: z.number().int().min(0),
  state: DormantState,
});
export type DormantAccount = z.infer<typeof DormantAccount>;

export const Month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month is written YYYY-MM.');
export const DormantQuery = z.object({ month: Month.optional() });
export const MonthParam = z.object({ month: Month });

/** GET /api/admin/dormant/: a month's round (the latest by default). */
export const DormantRound = z.object({
  /** Null when no round has run yet. */
  month: Month.nullable(),
  months: z.array(Month),
  items: z.array(DormantAccount),
  /** What closing the accounts `to_close` expires together (cents). */
  toExpire: Cents,
});
export type DormantRound = z.infer<typeof DormantRound>;

/** POST /api/admin/dormant/{month}/close: what was closed. */
export const DormantCloseResult = z.object({ closed: z.number().int().min(0), expired: Cents, skipped: z.array(z.object({ name: z.string(), reason: z.string() })) });
export type DormantCloseResult = z.infer<typeof DormantCloseResult>;
