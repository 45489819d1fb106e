import type { PosWrapped } from '@kassa/contracts';
import { Money, Spinner } from '@kassa/ui';
import { lazy, Suspense } from 'react';
import { useGetWrappedQuery } from './wrapped-api';
import './wrapped.css';

// Chart.js comes with the chart only: /account without POS Wrapped never loads it.
const MonthChart = lazy(() => import('./month-chart'));

const longDate = new Intl.DateTimeFormat('nl-NL', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
const count = new Intl.NumberFormat('nl-NL');

/**
 * POS Wrapped on /account when the board switched it on: the member's year at the bar in a few cards (most bought,
 * busiest evening, money spent, their share of the bar's year) and their items per month as a chart. Worked out by
 * the accounts worker; while it is being worked out the section says so and asks again every few seconds.
 */
export function WrappedSection() {
  const { data, error } = useGetWrappedQuery();
  const ready = data?.ready === true && data.wrapped !== null;
  // Asked again every 5 s while the worker works it out; once there, it changes at most every six hours.
  useGetWrappedQuery(undefined, { pollingInterval: ready ? 0 : 5_000, skipPollingIfUnfocused: true });
  // Switched off meanwhile, or not reachable: the rest of the page does not depend on it.
  if (error) return null;
  return (
    <section className="k-card k-stack wrapped" aria-labelledby="wrapped-title">
      <h2 id="wrapped-title">{ready ? `Your ${data.wrapped!.year} at the bar` : 'Your year at the bar'}</h2>
      {ready ? (
        <WrappedCards wrapped={data.wrapped!} />
      ) : (
        <p className="k-row wrapped__waiting">
          <Spinner size={24} label="Working out your year" />
          <span>Your year is being worked out. This takes a moment.</span>
        </p>
      )}
    </section>
  );
}

function WrappedCards({ wrapped }: { wrapped: PosWrapped }) {
  const { mine, bar } = wrapped;
  const month = new Date(wrapped.computedAt).getMonth();
  if (mine.purchases === 0) {
    return <p className="k-empty">No purchases on your account this year yet. The bar sold {count.format(bar.items)} items so far.</p>;
  }
  const share = bar.items > 0 ? (mine.items / bar.items) * 100 : 0;
  return (
    <>
      <div className="wrapped__cards">
        <div className="wrapped__card">
          <span className="wrapped__label">Most bought</span>
          <strong className="wrapped__value">{mine.topProduct?.name ?? '-'}</strong>
          <span className="wrapped__note">{mine.topProduct ? `${count.format(mine.topProduct.count)} times` : ''}</span>
        </div>
        <div className="wrapped__card">
          <span className="wrapped__label">Busiest evening</span>
          <strong className="wrapped__value">{mine.busiestDay ? longDate.format(new Date(`${mine.busiestDay.day}T12:00:00Z`)) : '-'}</strong>
          <span className="wrapped__note">{mine.busiestDay ? `${count.format(mine.busiestDay.items)} items` : ''}</span>
        </div>
        <div className="wrapped__card">
          <span className="wrapped__label">Spent at the bar</span>
          <strong className="wrapped__value">
            <Money cents={mine.spent} tone="plain" />
          </strong>
          <span className="wrapped__note">
            {count.format(mine.purchases)} purchases, {count.format(mine.items)} items
          </span>
        </div>
        <div className="wrapped__card">
          <span className="wrapped__label">You and the bar</span>
          <strong className="wrapped__value">{share < 0.1 ? '< 0,1' : share.toLocaleString('nl-NL', { maximumFractionDigits: 1 })}%</strong>
          <span className="wrapped__note">
            of the {count.format(bar.items)} items the bar sold{bar.topProduct ? `; the bar's favourite: ${bar.topProduct.name}` : ''}
          </span>
        </div>
      </div>
      <h3 className="wrapped__chart-title">Items per month</h3>
      <Suspense fallback={<div className="wrapped__chart" />}>
        <MonthChart perMonth={mine.perMonth} upTo={month} />
      </Suspense>
    </>
  );
}
