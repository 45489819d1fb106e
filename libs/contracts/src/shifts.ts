import { z } from 'zod';
import { DayReport } from './reports';
import { TerminalTotals } from './terminal';
import { Cents, ObjectId, PageQuery } from './wrapper';
import { DENOMINATIONS, type Denomination } from './denominations';

export * from './denominations';

const Count = z.number().int('A count is a whole number.').min(0, 'A count cannot be below zero.').max(100_000, 'A count cannot be above 100000.');

/** A drawer counted by denomination: how many of each note and coin (keys are the cents; a missing one is none). */
export const DrawerCount = z.object(Object.fromEntries(DENOMINATIONS.map((d) => [String(d), Count.default(0)])) as Record<`${Denomination}`, z.ZodDefault<typeof Count>>);
export type DrawerCount = z.infer<typeof DrawerCount>;
/** A drawer count as the server answers it: every denomination, none left out. */
export const DrawerCountView = z.object(Object.fromEntries(DENOMINATIONS.map((d) => [String(d), Count])) as Record<`${Denomination}`, typeof Count>);


export const SafeDrop = z.object({ amount: Cents, by: z.string(), at: z.string() });
export type SafeDrop = z.infer<typeof SafeDrop>;

/**
 * The card payments of a shift: what Kassa took by card (sales and top-ups of the shift, undone ones too: the terminal
 * took their money) beside the terminal's own total for the shift's period, asked at the close (null while open).
 */
export const ShiftCards = z.object({ count: z.number().int().min(0), total: Cents, terminal: TerminalTotals.nullable() });
export type ShiftCards = z.infer<typeof ShiftCards>;
/** The terminal's card total less Kassa's (above zero: the terminal took more), or null without the terminal's. */
export const cardDifference = (card: ShiftCards): number | null => (card.terminal?.totals ? card.terminal.totals.total - card.total : null);

/** A shift at a register: the float counted at the open, safe drops, and the count, expected cash and difference at the close. */
export const Shift = z.object({
  id: ObjectId,
  register: z.string(),
  status: z.enum(['open', 'closed']),
  openedBy: z.string(),
  openedAt: z.string(),
  floatCount: DrawerCountView,
  float: Cents,
  safeDrops: z.array(SafeDrop),
  /** Server-side: float + cash sales + cash top-ups - cash undone - safe drops, so far (an open shift) or at the close. */
  expected: Cents,
  closingCount: DrawerCountView.nullable(),
  counted: Cents.nullable(),
  /** counted - expected (below zero: short). */
  difference: Cents.nullable(),
  closedBy: z.string().nullable(),
  closedAt: z.string().nullable(),
  note: z.string().nullable(),
  card: ShiftCards,
});
export type Shift = z.infer<typeof Shift>;

/** GET /api/shifts/current: the register's open shift, or null. `register` defaults to the till's own. */
export const CurrentShiftQuery = z.object({ register: z.string().min(1).max(100).optional() });
export const CurrentShift = z.object({
  shift: Shift.nullable(),
  /** The setting shiftNoteAbove: a close whose difference is larger (either way) needs a note. */
  noteAbove: Cents,
});
export type CurrentShift = z.infer<typeof CurrentShift>;

/** POST /api/shifts/: open a shift with the float counted by denomination. */
export const OpenShiftBody = z.object({ register: z.string().min(1).max(100).optional(), float: DrawerCount });
export type OpenShiftBody = z.input<typeof OpenShiftBody>;

/** POST /api/shifts/{id}/safe_drops/: cash taken from the drawer to the safe, once per nonce. */
export const SafeDropBody = z.object({
  nonce: z.string().min(8).max(100),
  amount: z.number().int('An amount is a whole number of cents.').positive('A safe drop is more than € 0,00.').max(10_000_000),
});
export type SafeDropBody = z.infer<typeof SafeDropBody>;

/** POST /api/shifts/{id}/close/: the closing count; a difference above the setting shiftNoteAbove needs a note. */
export const CloseShiftBody = z.object({ count: DrawerCount, note: z.string().trim().max(500).optional() });
export type CloseShiftBody = z.input<typeof CloseShiftBody>;

/** GET /api/admin/shifts/: every register's shifts, newest first; by register and open or closed. */
export const AdminShiftsQuery = PageQuery.extend({
  register: z.string().trim().min(1).max(100).optional(),
  status: z.enum(['open', 'closed']).optional(),
});
export type AdminShiftsQuery = z.infer<typeof AdminShiftsQuery>;

/**
 * GET /api/admin/shifts/{id}/report: a shift with the report of its sales (the day report's figures over the sales
 * that joined this shift; `from`/`to` the local days it spans).
 */
export const ShiftReport = z.object({ shift: Shift, registerName: z.string().nullable(), sales: DayReport });
export type ShiftReport = z.infer<typeof ShiftReport>;
