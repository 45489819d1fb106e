import { InternalRegister, type AdminShiftsQuery, type PagedResult, type Shift, type ShiftReport } from '@kassa/contracts';
import { localDay, notFound } from '@kassa/service-kit';
import type { CheckoutContext } from '../context';
import { salesReport } from '../reports/sales-report';
import { shiftModel, type ShiftDoc } from './models/shift.model';
import { shiftView } from './shifts';

/** Every register's shifts for the board, newest first (by register and open or closed). */
export async function listShifts(ctx: CheckoutContext, query: AdminShiftsQuery): Promise<PagedResult<Shift>> {
  const { page, perPage, register, status } = query;
  const filter = { ...(register ? { register } : {}), ...(status ? { status } : {}) };
  const Shifts = shiftModel(ctx.db);
  const [total, docs] = await Promise.all([
    Shifts.countDocuments(filter),
    Shifts.find(filter).sort({ openedAt: -1, _id: -1 }).skip((page - 1) * perPage).limit(perPage).lean(),
  ]);
  return { items: await Promise.all((docs as ShiftDoc[]).map((d) => shiftView(ctx, d))), pageCount: Math.ceil(total / perPage), total };
}

/**
 * A shift and the report of the sales that joined it: the day report's figures over `shiftId` instead of days. An
 * offline sale replayed after the close joined the shift open when it arrived (docs/decisions.md), so it is in that
 * shift's report, as in its expected cash.
 */
export async function shiftReport(ctx: CheckoutContext, id: string): Promise<ShiftReport> {
  const doc = (await shiftModel(ctx.db).findById(id).lean()) as ShiftDoc | null;
  if (!doc) throw notFound('Shift not found');
  const shift = await shiftView(ctx, doc);
  const zone = ctx.env.TIME_ZONE;
  const [sales, registerName] = await Promise.all([
    salesReport(ctx, { from: localDay(doc.openedAt, zone), to: localDay(doc.closedAt ?? ctx.now(), zone), shiftId: id }),
    // The register's name from accounts; a report still answers (with the register's id) when accounts does not.
    ctx
      .accounts(`/internal/registers/${encodeURIComponent(doc.register)}`, InternalRegister, { repeatable: true })
      .then((r) => r.name)
      .catch(() => null),
  ]);
  return { shift, registerName, sales };
}
