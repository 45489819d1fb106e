import { CHECKOUT_METHOD_LABELS, type DayReport, type ReportOverview } from '@kassa/contracts';
import { Button, dutchDay, formatDay, ListFallback, Money, TextField } from '@kassa/ui';
import { AdminPage } from '../shared/admin-page';
import { FilterButtons } from '../shared/filters';
import { DataTable, type Column } from '../shared/list-table';
import { Section } from '../shared/section';
import { DownloadProblem, useDownload } from '../shared/use-download';
import { useListParams } from '../shared/use-list-params';
import { HoursChart, TakingsChart } from './reports-charts';
import { downloadDayReport, useGetDayReportQuery, useGetReportOverviewQuery } from './reports-api';
import './reports.css';

const FILTER_KEYS = ['day', 'days'] as const;
const PERIODS = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '365 days' },
] as const;
type Period = (typeof PERIODS)[number]['value'];

/** One line of a report's table: what, how many, how much (cents). */
interface SumRow {
  id: string;
  label: string;
  count: number | null;
  cents: number;
}
/** Three narrow columns: they fit a phone as they are, so its rows do not stack. */
const sumColumns = (what: string, count: string, amount: string): Column<SumRow>[] => [
  { header: what, cell: (r) => r.label },
  { header: count, className: 'k-num', cell: (r) => (r.count === null ? '' : r.count) },
  { header: amount, className: 'k-num reports__amount', cell: (r) => <Money cents={r.cents} tone="plain" /> },
];
const vat = (rate: number | null) => (rate === null ? 'no VAT rate' : `${rate}% VAT`);

/** A titled table of a report's lines, with its total under them; says "None." without lines. */
function SumTable({ title, columns, rows, total }: { title: string; columns: [string, string, string]; rows: SumRow[]; total?: SumRow }) {
  return (
    <div className="reports__table">
      <h3 className="reports__subheading">{title}</h3>
      {rows.length === 0 ? (
        <p className="k-empty">None.</p>
      ) : (
        <div className="k-table-wrap">
          <DataTable
            label={title}
            className="reports__sums"
            rows={rows}
            columns={sumColumns(...columns)}
            foot={
              total ? (
                <tr className="reports__total">
                  <th scope="row">{total.label}</th>
                  <td className="k-num">{total.count ?? ''}</td>
                  <td className="k-num">
                    <Money cents={total.cents} tone="plain" />
                  </td>
                </tr>
              ) : null
            }
          />
        </div>
      )}
    </div>
  );
}

/** The day report's tables: takings, other by reason, top-ups, undos, deposits, categories and products. */
function DayReportTables({ report: r }: { report: DayReport }) {
  const method = (m: { method: keyof typeof CHECKOUT_METHOD_LABELS; count: number; total: number }): SumRow => ({ id: m.method, label: CHECKOUT_METHOD_LABELS[m.method], count: m.count, cents: m.total });
  return (
    <div className="k-stack">
      <p className="reports__received">
        Received <Money cents={r.totals.received} tone="plain" />
        <span className="k-muted">
          {' '}
          (sales <Money cents={r.totals.takings} tone="plain" />, top-ups <Money cents={r.totals.topups} tone="plain" />)
        </span>
      </p>
      <div className="reports__tables">
        <SumTable title="Takings by method" columns={['Method', 'Sales', 'Amount']} rows={r.takings.map(method)} total={{ id: 'total', label: 'Total', count: r.totals.sales, cents: r.totals.takings }} />
        <SumTable title="Other, by reason" columns={['Reason', 'Sales', 'Amount']} rows={r.otherByReason.map((o) => ({ id: o.reason, label: o.reason || '(no reason)', count: o.count, cents: o.total }))} />
        <SumTable title="Top-ups" columns={['Method', 'Top-ups', 'Amount']} rows={r.topups.map(method)} total={{ id: 'total', label: 'Total', count: null, cents: r.totals.topups }} />
        <SumTable
          title="Undone (not in the takings)"
          columns={['Method', 'Sales', 'Amount']}
          rows={[...r.undos.byMethod.map(method), ...(r.undos.topups ? [{ id: 'topups', label: 'Their top-ups', count: null, cents: r.undos.topups }] : [])]}
          total={{ id: 'total', label: 'Total', count: r.undos.count, cents: r.undos.total }}
        />
        <SumTable
          title="Deposits"
          columns={['', 'Units', 'Amount']}
          rows={[
            { id: 'sold', label: 'Sold', count: r.deposits.soldUnits, cents: r.deposits.sold },
            { id: 'returned', label: 'Returned', count: r.deposits.returnedUnits, cents: -r.deposits.returned },
          ]}
        />
        <SumTable
          title="Categories"
          columns={['Category', 'Units', 'Revenue']}
          rows={r.categories.map((c) => ({ id: `${c.categoryId}|${c.vatRate}`, label: `${c.name} (${vat(c.vatRate)})`, count: c.amount, cents: c.revenue }))}
          total={{ id: 'total', label: 'Total', count: null, cents: r.totals.revenue }}
        />
      </div>
      <SumTable title="Products" columns={['Product', 'Units', 'Revenue']} rows={r.products.map((p) => ({ id: `${p.productId}|${p.vatRate}`, label: `${p.name} (${vat(p.vatRate)})`, count: p.amount, cents: p.revenue }))} />
    </div>
  );
}

/** One figure of the treasurer's view: what, how much, and a note after it. */
function Fact({ term, cents, note }: { term: string; cents: number; note: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>
        <Money cents={cents} tone="plain" /> <span className="k-muted">{note}</span>
      </dd>
    </div>
  );
}

/** The treasurer's view: balances, takings per day, busiest hours, top products. */
function Overview({ overview: o }: { overview: ReportOverview }) {
  return (
    <div className="k-stack">
      <dl className="reports__balances">
        <Fact term="Members hold" cents={o.balances.held} note={`on ${o.balances.accountsHeld} accounts`} />
        <Fact term="Members owe" cents={o.balances.owed} note={`on ${o.balances.accountsOwing} accounts`} />
        <Fact term="Takings" cents={o.perDay.reduce((s, d) => s + d.total, 0)} note={o.from === o.to ? formatDay(o.from) : `${formatDay(o.from)} – ${formatDay(o.to)}`} />
      </dl>
      <h3 className="reports__subheading">Takings per day</h3>
      {o.perDay.length ? <TakingsChart overview={o} /> : <p className="k-empty">No sales in these days.</p>}
      <h3 className="reports__subheading">Busiest hours</h3>
      {o.hours.some((h) => h.count > 0) ? <HoursChart hours={o.hours} /> : <p className="k-empty">No sales in these days.</p>}
      <SumTable title="Top products" columns={['Product', 'Units', 'Revenue']} rows={o.topProducts.map((p) => ({ id: p.productId, label: p.name, count: p.amount, cents: p.revenue }))} />
    </div>
  );
}

/**
 * /admin/reports: a day's report (takings by method, top-ups, undos, deposits, categories and products with VAT) with
 * its PDF and CSV, and the treasurer's view over 30, 90 or 365 days (charts: recharts, in this page's own chunk).
 */
export function ReportsPage() {
  const today = dutchDay();
  const { filters, go } = useListParams(FILTER_KEYS, { day: today, days: '30' });
  const day = filters.day;
  const days = filters.days as Period;
  const report = useGetDayReportQuery({ day }, { skip: !/^\d{4}-\d{2}-\d{2}$/.test(day) });
  const overview = useGetReportOverviewQuery({ days: Number(days) });
  const { downloading, problem, run } = useDownload();

  return (
    <AdminPage title="Reports" lead="A day's takings by payment method, as a page, a PDF and a CSV file; and the treasurer's view over 30, 90 or 365 days.">
      <div className="k-stack">
        <DownloadProblem problem={problem} />
        <Section id="reports-day" title={`Day report: ${formatDay(day)}`} className="k-card k-stack" headingClassName="reports__heading">
          <div className="k-row reports__controls">
            <TextField label="Day" type="date" value={day} max={today} onChange={(e) => go({ day: e.target.value || today })} className="reports__day" />
            <Button onClick={() => void run(() => downloadDayReport(day, 'pdf'))} disabled={downloading}>
              Download PDF
            </Button>
            <Button onClick={() => void run(() => downloadDayReport(day, 'csv'))} disabled={downloading}>
              Download CSV
            </Button>
          </div>
          {report.data ? <DayReportTables report={report.data} /> : <ListFallback error={report.error} isLoading={report.isLoading} loadingLabel="Loading the day report" onRetry={() => void report.refetch()} />}
        </Section>
        <Section id="reports-overview" title="Treasurer's view" className="k-card k-stack" headingClassName="reports__heading">
          <FilterButtons label="Period" options={PERIODS} value={days} onPick={(next) => go({ days: next })} className="reports__periods" />
          {overview.data ? <Overview overview={overview.data} /> : <ListFallback error={overview.error} isLoading={overview.isLoading} loadingLabel="Loading the treasurer's view" onRetry={() => void overview.refetch()} />}
        </Section>
      </div>
    </AdminPage>
  );
}
