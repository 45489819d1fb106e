import { BalanceAtDate, CheckoutMethod, type ReportOverview } from '@kassa/contracts';
import { addDays, groupSumCount, localDay } from '@kassa/service-kit';
import type { CheckoutContext } from '../context';
import { productLines, saleMatches, salesModel } from './sales-report';

const TOP_PRODUCTS = 10;

/**
 * The treasurer's view over the last `days` days, today included: takings per day by checkout method, the ten products
 * sold most, the sales per hour of the day (the `hour` stored at sale time), all `$match` and `$group` on the server;
 * and what the member accounts hold and owe now, from accounts (its ledger heads).
 */
export async function reportOverview(ctx: CheckoutContext, days: number): Promise<ReportOverview> {
  const to = localDay(ctx.now(), ctx.env.TIME_ZONE);
  const from = addDays(to, -(days - 1));
  const Tx = salesModel(ctx);
  const { kept } = saleMatches({ from, to });
  const [perDayMethod, lines, hours, balance] = await Promise.all([
    Tx.aggregate<{ _id: { day: string; method: CheckoutMethod }; total: number }>([{ $match: kept }, { $group: { _id: { day: '$day', method: '$method' }, total: { $sum: '$total' } } }]),
    productLines(Tx, kept),
    groupSumCount<number | null>(Tx, kept, '$hour', '$total'),
    ctx.accounts('/internal/ledger/balance', BalanceAtDate, { repeatable: true }),
  ]);

  const perDay = new Map<string, ReportOverview['perDay'][number]>();
  for (const { _id: id, total } of perDayMethod) {
    const row = perDay.get(id.day) ?? { day: id.day, cash: 0, card: 0, account: 0, self: 0, other: 0, total: 0 };
    row[id.method] += total;
    row.total += total;
    perDay.set(id.day, row);
  }
  const products = new Map<string, ReportOverview['topProducts'][number]>();
  for (const { _id: g, amount } of lines) {
    const p = products.get(g.productId) ?? { productId: g.productId, name: g.name, amount: 0, revenue: 0 };
    p.amount += amount;
    p.revenue += g.price * amount;
    products.set(g.productId, p);
  }
  return {
    from,
    to,
    days,
    perDay: [...perDay.values()].sort((a, b) => a.day.localeCompare(b.day)),
    balances: { held: balance.held, owed: balance.owed, accountsHeld: balance.accountsHeld, accountsOwing: balance.accountsOwing },
    topProducts: [...products.values()].sort((a, b) => b.amount - a.amount || b.revenue - a.revenue).slice(0, TOP_PRODUCTS),
    hours: Array.from({ length: 24 }, (_, hour) => {
      const h = hours.find((r) => r.id === hour);
      return { hour, count: h?.count ?? 0, total: h?.total ?? 0 };
    }),
  };
}
