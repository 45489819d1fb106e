import { z } from 'zod';
import { CheckoutMethod } from './checkout';
import { CalendarDay } from './text';
import { Cents, ObjectId } from './wrapper';

/** GET /internal/sales/day?day=: checkout's completed, not undone sales of one Dutch day, as POS Wrapped counts them. */
export const DaySalesQuery = z.object({ day: CalendarDay });
export const DaySale = z.object({
  /** The paying account (account and own-account sales); null for cash, card and other. */
  accountId: ObjectId.nullable(),
  method: CheckoutMethod,
  total: Cents,
  items: z.array(z.object({ name: z.string(), amount: z.number().int() })),
});
export type DaySale = z.infer<typeof DaySale>;
export const DaySalesResult = z.object({ sales: z.array(DaySale) });
export type DaySalesResult = z.infer<typeof DaySalesResult>;

const TopProduct = z.object({ name: z.string(), count: z.number().int() }).nullable();
/** Items bought per month, January first. */
const PerMonth = z.array(z.number().int()).length(12);

/** A member's year at the bar (their own account's purchases), with the bar's totals beside it: no other member's name. */
export const PosWrapped = z.object({
  year: z.number().int(),
  computedAt: z.string(),
  mine: z.object({
    purchases: z.number().int(),
    items: z.number().int(),
    spent: Cents,
    topProduct: TopProduct,
    /** The evening (local day) with the most items. */
    busiestDay: z.object({ day: CalendarDay, items: z.number().int() }).nullable(),
    perMonth: PerMonth,
  }),
  bar: z.object({ purchases: z.number().int(), items: z.number().int(), topProduct: TopProduct, perMonth: PerMonth }),
});
export type PosWrapped = z.infer<typeof PosWrapped>;

/** GET /api/account/wrapped/: the year so far once the nightly job has worked it out; `ready: false` while it is queued. */
export const PosWrappedAnswer = z.object({ ready: z.boolean(), wrapped: PosWrapped.nullable() });
export type PosWrappedAnswer = z.infer<typeof PosWrappedAnswer>;
