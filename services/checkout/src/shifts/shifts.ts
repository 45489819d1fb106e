import {
  amountDue,
  countTotal,
  DENOMINATIONS,
  formatEuros,
  ledgerKeys,
  type SalesSettings,
  SystemAccountResult,
  TerminalTotals,
  type CloseShiftBody,
  type DrawerCount,
  type OpenShiftBody,
  type SafeDropBody,
  type Shift,
  type TokenClaims,
} from '@kassa/contracts';
import { AppError, forbidden, isDuplicateKey, notFound } from '@kassa/service-kit';
import { Types } from 'mongoose';
import { postLedger, type CheckoutContext } from '../context';
import { transactionModel } from '../models/transaction.model';
import { shiftClaimModel, shiftModel, type ShiftDoc } from './models/shift.model';

const openKey = (register: string) => `open:${register}`;
const closeKey = (shiftId: string) => `close:${shiftId}`;
const dropKey = (shiftId: string, nonce: string) => `drop:${shiftId}:${nonce}`;

const conflict = (identifier: 'shift_open' | 'shift_closed' | 'shift_required', message: string) => new AppError(409, identifier, message);

/** The register a till's request is about: its own; another register's only for a user not bound to one. */
export function registerOf(user: TokenClaims, asked: string | undefined): string {
  if (user.registerId && asked && asked !== user.registerId) throw forbidden();
  const register = user.registerId ?? asked;
  if (!register) throw new AppError(422, 'validation_error', 'Validation error', [{ loc: ['query', 'register'], msg: 'field required', type: 'missing' }]);
  return register;
}

/** The id of the register's open shift, or null (one read of the unique `open:<register>` claim). */
export async function openShiftId(ctx: Pick<CheckoutContext, 'db'>, register: string | null | undefined): Promise<Types.ObjectId | null> {
  if (!register) return null;
  const claim = await shiftClaimModel(ctx.db).findOne({ key: openKey(register) }, { shiftId: 1 }).lean();
  return claim ? (claim.shiftId as Types.ObjectId) : null;
}

/**
 * What checkout's shifts follow (the sales settings, kept for SALES_SETTINGS_CACHE_MS); with accounts out of reach,
 * cash is taken (a sale is never refused for a setting read).
 */
export async function shiftSettings(ctx: CheckoutContext): Promise<Pick<SalesSettings, 'cashWithoutShift' | 'shiftNoteAbove'>> {
  return ctx.salesSettings().catch(() => ({ cashWithoutShift: true, shiftNoteAbove: 500 }));
}

/**
 * The shift a sale made now at `register` joins: the register's open shift. A sale made offline and replayed after its
 * shift closed joins the shift open when it arrives, or none (docs/decisions.md "Shifts and offline sales"). When the
 * setting cashWithoutShift is off, a cash sale made now at a register without an open shift is refused; a replay is
 * not (its money was taken already).
 */
export async function shiftForSale(ctx: CheckoutContext, method: string, register: string | null | undefined, replay: boolean): Promise<Types.ObjectId | null> {
  const id = await openShiftId(ctx, register);
  if (id || method !== 'cash' || replay) return id;
  if (!(await shiftSettings(ctx)).cashWithoutShift) throw conflict('shift_required', 'Open a shift first: this till takes cash only during a shift.');
  return null;
}

/** Cash expected in the drawer: float + cash sales and top-ups + deposits charged - deposits paid out - cash undone - safe drops. */
export async function expectedCash(ctx: Pick<CheckoutContext, 'db'>, shift: Pick<ShiftDoc, '_id' | 'float' | 'safeDrops'>): Promise<number> {
  const Tx = transactionModel(ctx.db);
  const [sales, undone] = await Promise.all([
    Tx.find({ shiftId: shift._id, method: 'cash', status: 'completed' }, { total: 1, upgrade: 1 }).lean(),
    Tx.find({ 'undone.shiftId': shift._id, method: 'cash' }, { total: 1, upgrade: 1 }).lean(),
  ]);
  const sum = (list: { total: number; upgrade?: { amount: number } | null }[]) => list.reduce((s, tx) => s + amountDue(tx), 0);
  return shift.float + sum(sales) - sum(undone) - shift.safeDrops.reduce((s, d) => s + d.amount, 0);
}

/**
 * What the shift took by card: its card sales and top-ups the terminal approved, undone ones too (an undo at the till
 * gives no money back through the terminal), to set beside the terminal's own total.
 */
async function cardTaken(ctx: Pick<CheckoutContext, 'db'>, shiftId: Types.ObjectId): Promise<{ count: number; total: number }> {
  const sales = await transactionModel(ctx.db).find({ shiftId, method: 'card', status: 'completed' }, { total: 1, upgrade: 1 }).lean();
  return { count: sales.length, total: sales.reduce((s, tx) => s + amountDue(tx), 0) };
}

/** The terminal's own total for the register over the shift's period; when it cannot be read, why. */
async function terminalTotals(ctx: CheckoutContext, register: string, from: Date, to: Date): Promise<TerminalTotals> {
  const query = new URLSearchParams({ register, from: from.toISOString(), to: to.toISOString() });
  return ctx
    .payments(`/internal/terminal/totals?${query}`, TerminalTotals, { repeatable: true })
    .catch((err: unknown) => ({ totals: null, note: `The terminal's total could not be read: ${(err as Error).message}` }));
}

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);
const plainCount = (count: Record<string, unknown> | null | undefined): DrawerCount | null =>
  count ? (Object.fromEntries(DENOMINATIONS.map((d) => [String(d), Number(count[String(d)] ?? 0)])) as DrawerCount) : null;

export async function shiftView(ctx: Pick<CheckoutContext, 'db'>, shift: ShiftDoc): Promise<Shift> {
  return {
    id: String(shift._id),
    register: shift.register,
    status: shift.status as Shift['status'],
    openedBy: shift.openedBy,
    openedAt: iso(shift.openedAt)!,
    floatCount: plainCount(shift.floatCount as Record<string, unknown>)!,
    float: shift.float,
    safeDrops: shift.safeDrops.map((d) => ({ amount: d.amount, by: d.by, at: iso(d.at)! })),
    expected: shift.status === 'closed' && shift.expected !== null && shift.expected !== undefined ? shift.expected : await expectedCash(ctx, shift),
    closingCount: plainCount(shift.closingCount as Record<string, unknown> | null),
    counted: shift.counted ?? null,
    difference: shift.difference ?? null,
    closedBy: shift.closedBy ?? null,
    closedAt: iso(shift.closedAt),
    note: shift.note ?? null,
    card: { ...(await cardTaken(ctx, shift._id)), terminal: shift.terminal ? { totals: shift.terminal.totals ?? null, note: shift.terminal.note ?? null } : null },
  };
}

async function findShift(ctx: CheckoutContext, id: string, user: TokenClaims): Promise<ShiftDoc> {
  const shift = (await shiftModel(ctx.db).findById(id).lean()) as ShiftDoc | null;
  // Another register's shift is not there for this till (as another register's sale).
  if (!shift || (user.registerId && shift.register !== user.registerId)) throw notFound('Shift not found');
  return shift;
}

export async function currentShift(ctx: CheckoutContext, user: TokenClaims, asked: string | undefined): Promise<Shift | null> {
  const id = await openShiftId(ctx, registerOf(user, asked));
  const shift = id && ((await shiftModel(ctx.db).findById(id).lean()) as ShiftDoc | null);
  return shift ? shiftView(ctx, shift) : null;
}

export async function getShift(ctx: CheckoutContext, id: string, user: TokenClaims): Promise<Shift> {
  return shiftView(ctx, await findShift(ctx, id, user));
}

/** Opens a shift: the unique insert of `open:<register>` decides; a register with an open shift answers 409. */
export async function openShift(ctx: CheckoutContext, body: OpenShiftBody, user: TokenClaims): Promise<Shift> {
  const register = registerOf(user, body.register);
  const _id = new Types.ObjectId();
  const now = ctx.now();
  const Claims = shiftClaimModel(ctx.db);
  const claimOpen = () => Claims.create({ key: openKey(register), shiftId: _id, at: now });
  try {
    await claimOpen();
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    // The open shift's close was claimed but never let go of the register (a process that died mid-close): its
    // `open:` claim is stale. Removed by key and that shift's id only, then claimed again, which two opens at once
    // still decide between.
    const stale = await Claims.findOne({ key: openKey(register) }, { shiftId: 1 }).lean();
    const closing = stale && (await Claims.exists({ key: closeKey(String(stale.shiftId)) }));
    if (!stale || !closing) throw conflict('shift_open', 'This register already has an open shift; close it first.');
    await Claims.deleteOne({ key: openKey(register), shiftId: stale.shiftId });
    try {
      await claimOpen();
    } catch (again) {
      if (!isDuplicateKey(again)) throw again;
      throw conflict('shift_open', 'This register already has an open shift; close it first.');
    }
  }
  const floatCount = plainCount(body.float as Record<string, unknown>)!;
  await shiftModel(ctx.db).create({ _id, register, status: 'open', openedBy: user.username, openedAt: now, floatCount, float: countTotal(floatCount) });
  return getShift(ctx, String(_id), user);
}

async function requireOpen(ctx: CheckoutContext, id: string, user: TokenClaims): Promise<ShiftDoc> {
  const shift = await findShift(ctx, id, user);
  if (shift.status !== 'open' || (await shiftClaimModel(ctx.db).exists({ key: closeKey(id) }))) throw conflict('shift_closed', 'This shift is closed.');
  return shift;
}

/** A safe drop, once per nonce (`drop:<shiftId>:<nonce>` claimed by a unique insert); the same nonce again answers the shift. */
export async function safeDrop(ctx: CheckoutContext, id: string, body: SafeDropBody, user: TokenClaims): Promise<Shift> {
  const shift = await findShift(ctx, id, user);
  if (shift.safeDrops.some((d) => d.nonce === body.nonce)) return shiftView(ctx, shift);
  await requireOpen(ctx, id, user);
  try {
    await shiftClaimModel(ctx.db).create({ key: dropKey(id, body.nonce), shiftId: shift._id, at: ctx.now() });
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    // The first request with this nonce records it; a concurrent one answers the shift as it is.
    return getShift(ctx, id, user);
  }
  await shiftModel(ctx.db).updateOne({ _id: shift._id }, { $push: { safeDrops: { nonce: body.nonce, amount: body.amount, by: user.username, at: ctx.now() } } });
  return getShift(ctx, id, user);
}

/**
 * Closes a shift: `close:<shiftId>` is claimed by a unique insert (of two closes at once one wins, the other is told
 * 409); then the register's `open:` claim goes (a sale after this joins no shift or the next), the expected cash is
 * computed, the difference booked to Cash differences by key `shift:<id>:difference`, and the shift stored closed with
 * the card terminal's own total for the shift's period (the board sets it beside the card payments Kassa took).
 */
export async function closeShift(ctx: CheckoutContext, id: string, body: CloseShiftBody, user: TokenClaims, requestId?: string): Promise<Shift> {
  const shift = await requireOpen(ctx, id, user);
  const count = plainCount(body.count as Record<string, unknown>)!;
  const counted = countTotal(count);
  const note = body.note?.trim() || null;
  // Checked before the claim, so a refused close can be sent again with a note.
  const [expectedBefore, settings] = await Promise.all([expectedCash(ctx, shift), shiftSettings(ctx)]);
  if (Math.abs(counted - expectedBefore) > settings.shiftNoteAbove && !note) {
    throw new AppError(422, 'validation_error', 'Validation error', [
      { loc: ['body', 'note'], msg: `The count differs ${formatEuros(Math.abs(counted - expectedBefore))} from the expected cash (more than ${formatEuros(settings.shiftNoteAbove)}); say why in a note.`, type: 'missing' },
    ]);
  }
  const Claims = shiftClaimModel(ctx.db);
  try {
    await Claims.create({ key: closeKey(id), shiftId: shift._id, at: ctx.now() });
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    throw conflict('shift_closed', 'This shift is already being closed or closed.');
  }
  await Claims.deleteOne({ key: openKey(shift.register), shiftId: shift._id });
  const closedAt = ctx.now();
  const [expected, terminal] = await Promise.all([expectedCash(ctx, shift), terminalTotals(ctx, shift.register, shift.openedAt, closedAt)]);
  const difference = counted - expected;
  if (difference !== 0) {
    const system = await ctx.accounts('/internal/accounts/system/cash_differences', SystemAccountResult, { method: 'POST', body: {}, requestId, repeatable: true });
    await postLedger(
      ctx,
      {
        target: { accountId: system.id },
        amount: difference,
        key: ledgerKeys.shiftDifference(id),
        kind: 'correction',
        ref: id,
        description: `Cash difference of shift ${id} at register ${shift.register}`.slice(0, 200),
      },
      requestId,
    );
  }
  await shiftModel(ctx.db).updateOne(
    { _id: shift._id },
    { $set: { status: 'closed', closingCount: count, counted, expected, difference, closedBy: user.username, closedAt, note, terminal } },
  );
  return getShift(ctx, id, user);
}
