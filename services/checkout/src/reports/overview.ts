import { BalanceAtDate, CheckoutMethod, type ReportOverview } from '@kassa/contracts';
import { addDays, localDay } from '@kassa/service-kit';
import type { CheckoutContext } from '../context';
import { daySums } from './day-sums';
import { daysOf } from './sales-report';

const TOP_PRODUCTS = 10;

/**
 * The treasurer's view over the last `days` days, today included: takings per day by checkout method, the ten products
 * sold most, the sales per hour of the day (the `hour` stored at sale time), from each day's sums (day-sums.ts: closed
 * days summed once and kept, today live); and what the member accounts hold and owe now, from accounts (its ledger
 * heads).
 */
export async function reportOverview(ctx: CheckoutContext, days: number): Promise<ReportOverview> {
  const to = localDay(ctx.now(), ctx.env.TIME_ZONE);
  const from = addDays(to, -(days - 1));
  const [sums, balance] = await Promise.all([daySums(ctx, daysOf(from, to)), ctx.accounts('/internal/ledger/balance', BalanceAtDate, { repeatable: true })]);

  const perDay: ReportOverview['perDay'] = [];
  const products = new Map<string, ReportOverview['topProducts'][number]>();
  const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, count: 0, total: 0 }));
  for (const [day, s] of [...sums.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const total = CheckoutMethod.options.reduce((t, m) => t + s.methods[m], 0);
    if (s.count > 0) perDay.push({ day, ...s.methods, total });
    for (const line of s.products) {
      const p = products.get(line.productId) ?? { productId: line.productId, name: line.name, amount: 0, revenue: 0 };
      p.amount += line.amount;
      p.revenue += line.price * line.amount;
      products.set(line.productId, p);
    }
    for (const h of s.hours) {
      const row = hours[h.hour];
      if (!row) continue;
      row.count += h.count;
      row.total += h.total;
    }
  }
  return {
    from,
    to,
    days,
    perDay,
    balances: { held: balance.held, owed: balance.owed, accountsHeld: balance.accountsHeld, accountsOwing: balance.accountsOwing },
    topProducts: [...products.values()].sort((a, b) => b.amount - a.amount || b.revenue - a.revenue).slice(0, TOP_PRODUCTS),
    hours,
  };
}
