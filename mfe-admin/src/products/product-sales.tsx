import type { KassaError } from '@kassa/api-client';
import type { AdminProduct } from '@kassa/contracts';
import { dutchDay, formatDate, LoadError, Spinner } from '@kassa/ui';
import { useGetProductCountPerDayQuery, useGetProductCountQuery } from './products-api';


const DAY_MS = 86_400_000;
/** Day number within the year (0 = 1 January) of a YYYY-MM-DD. */
const dayOfYear = (day: string) => Math.round((Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10)) - Date.UTC(+day.slice(0, 4), 0, 1)) / DAY_MS);

/** One bar per day of the year with sales, its height the units sold that day; each bar names its day and count. */
export function YearChart({ year, days }: { year: number; days: { day: string; count: number }[] }) {
  const max = Math.max(1, ...days.map((d) => d.count));
  const length = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 366 : 365;
  return (
    <svg className="product-sales__chart" viewBox={`0 0 ${length} 40`} preserveAspectRatio="none" role="img" aria-label={`Units sold per day in ${year}`}>
      <line x1="0" y1="40" x2={length} y2="40" className="product-sales__axis" />
      {days.map((d) => {
        const h = Math.max(2, (d.count / max) * 38);
        return (
          <rect key={d.day} x={dayOfYear(d.day)} y={40 - h} width="1" height={h} className="product-sales__bar" data-day={d.day} data-count={d.count}>
            <title>{`${formatDate(d.day)}: ${d.count}`}</title>
          </rect>
        );
      })}
    </svg>
  );
}

/** A product's sales (completed and not undone): today, since 1 January, and the year chart. */
export function ProductSales({ product }: { product: AdminProduct }) {
  // Today as a Dutch calendar day: the server counts sales by the bar's day.
  const today = dutchDay();
  const year = Number(today.slice(0, 4));
  const todayCount = useGetProductCountQuery({ id: product.id, start: today });
  const yearCount = useGetProductCountQuery({ id: product.id, start: `${year}-01-01` });
  const perDay = useGetProductCountPerDayQuery({ id: product.id, year });
  const error = todayCount.error ?? yearCount.error ?? perDay.error;
  if (error) return <LoadError error={error as KassaError} onRetry={() => void Promise.all([todayCount.refetch(), yearCount.refetch(), perDay.refetch()])} />;
  if (!todayCount.data || !yearCount.data || !perDay.data) return <Spinner label={`Loading the sales of ${product.name}`} />;
  return (
    <div className="product-sales" aria-label={`Sales of ${product.name}`} role="region">
      <dl className="product-sales__counts">
        <div>
          <dt>Sold today</dt>
          <dd>{todayCount.data.count}</dd>
        </div>
        <div>
          <dt>Sold in {year}</dt>
          <dd>{yearCount.data.count}</dd>
        </div>
      </dl>
      <YearChart year={year} days={perDay.data.days} />
      <p className="k-muted product-sales__note">Completed sales, undone ones left out; a day is the bar's day (Dutch time).</p>
    </div>
  );
}
