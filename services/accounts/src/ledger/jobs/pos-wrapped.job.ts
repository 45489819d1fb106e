import { DaySalesResult, type PosWrapped } from '@kassa/contracts';
import { addDays, localDay, type InternalClient } from '@kassa/service-kit';
import type { Processor } from 'bullmq';
import { Types, type Connection } from 'mongoose';
import type { Logger } from 'pino';
import { wrappedAccountModel, wrappedYearModel } from '../models/wrapped.model';
import { getSettings } from '../../settings';

export const POS_WRAPPED_QUEUE = 'pos-wrapped';
export const POS_WRAPPED_SCHEDULER = 'pos-wrapped-schedule';
/** Deduplication id of a run a member's page asked for (the year not worked out yet). */
export const POS_WRAPPED_ON_DEMAND = 'pos-wrapped-on-demand';

export interface PosWrappedJobDeps {
  db: Connection;
  checkout: InternalClient;
  log?: Logger;
  now?: () => Date;
  timeZone?: string;
}

type Mine = PosWrapped['mine'];
type Bar = PosWrapped['bar'];

/** Counts per product name, and the most bought one (ties go to the name first in the alphabet). */
class Tally {
  private readonly counts = new Map<string, number>();
  add(name: string, n: number) {
    this.counts.set(name, (this.counts.get(name) ?? 0) + n);
  }
  top(): { name: string; count: number } | null {
    let best: { name: string; count: number } | null = null;
    for (const [name, count] of this.counts) if (!best || count > best.count || (count === best.count && name < best.name)) best = { name, count };
    return best;
  }
}

interface MemberYear {
  purchases: number;
  items: number;
  spent: number;
  products: Tally;
  perDay: Map<string, number>;
  perMonth: number[];
}

/**
 * Works out the year so far (1 January up to today, local days) from checkout's sales, one day at a time: each member
 * account's purchases, items, money spent, most bought product, busiest evening and items per month, and the same
 * totals for the whole bar. Replaces what an earlier run stored; answers the year.
 */
export async function computePosWrapped(deps: PosWrappedJobDeps): Promise<number> {
  const now = (deps.now ?? (() => new Date()))();
  const today = localDay(now, deps.timeZone ?? 'Europe/Amsterdam');
  const year = Number(today.slice(0, 4));
  const days: string[] = [];
  for (let day = `${year}-01-01`; day <= today; day = addDays(day, 1)) days.push(day);

  const members = new Map<string, MemberYear>();
  const bar = { purchases: 0, items: 0, products: new Tally(), perMonth: Array<number>(12).fill(0) };
  for (let i = 0; i < days.length; i += 8) {
    const batch = days.slice(i, i + 8);
    const answers = await Promise.all(batch.map(async (day) => deps.checkout(`/internal/sales/day?day=${day}`, DaySalesResult)));
    batch.forEach((day, j) => {
      const month = Number(day.slice(5, 7)) - 1;
      for (const sale of answers[j]!.sales) {
        const items = sale.items.reduce((n, item) => n + item.amount, 0);
        bar.purchases += 1;
        bar.items += items;
        bar.perMonth[month]! += items;
        for (const item of sale.items) bar.products.add(item.name, item.amount);
        if (!sale.accountId) continue;
        let m = members.get(sale.accountId);
        if (!m) {
          m = { purchases: 0, items: 0, spent: 0, products: new Tally(), perDay: new Map(), perMonth: Array<number>(12).fill(0) };
          members.set(sale.accountId, m);
        }
        m.purchases += 1;
        m.items += items;
        m.spent += sale.total;
        m.perMonth[month]! += items;
        m.perDay.set(day, (m.perDay.get(day) ?? 0) + items);
        for (const item of sale.items) m.products.add(item.name, item.amount);
      }
    });
  }

  const Account = wrappedAccountModel(deps.db);
  // Rows of this year's earlier run for accounts without purchases now (all undone) go; the rest is replaced.
  await Account.deleteMany({ year, accountId: { $nin: [...members.keys()].map((id) => new Types.ObjectId(id)) } });
  for (const [accountId, m] of members) {
    let busiest: Mine['busiestDay'] = null;
    for (const [day, items] of m.perDay) if (!busiest || items > busiest.items) busiest = { day, items };
    const mine: Mine = { purchases: m.purchases, items: m.items, spent: m.spent, topProduct: m.products.top(), busiestDay: busiest, perMonth: m.perMonth };
    await Account.updateOne({ accountId: new Types.ObjectId(accountId), year }, { $set: { mine } }, { upsert: true });
  }
  const barYear: Bar = { purchases: bar.purchases, items: bar.items, topProduct: bar.products.top(), perMonth: bar.perMonth };
  await wrappedYearModel(deps.db).updateOne({ year }, { $set: { computedAt: now, bar: barYear } }, { upsert: true });
  deps.log?.info({ year, members: members.size, days: days.length }, 'pos wrapped worked out');
  return year;
}

/** The worker's job: nothing to do while the board has POS Wrapped switched off. */
export const posWrappedProcessor =
  (deps: PosWrappedJobDeps): Processor =>
  async () => {
    if (!(await getSettings(deps.db)).posWrappedAvailable) return { skipped: 'switched off' };
    return { year: await computePosWrapped(deps) };
  };
