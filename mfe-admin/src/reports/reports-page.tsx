import type { ReportOverview } from '@kassa/contracts';
import { dutchDay, formatDay, ListFallback, Money, TextField } from '@kassa/ui';
import { AdminPage } from '../shared/admin-page';
import { FilterButtons } from '../shared/filters';
import { Section } from '../shared/section';
import { useListParams } from '../shared/use-list-params';
import { DayReportTables, ReportFiles, SumTable } from './report-tables';
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

  return (
    <AdminPage title="Reports" lead="A day's takings by payment method, as a page, a PDF and a CSV file; and the treasurer's view over 30, 90 or 365 days.">
      <div className="k-stack">
        <Section id="reports-day" title={`Day report: ${formatDay(day)}`} className="k-card k-stack" headingClassName="reports__heading">
          <ReportFiles download={(ext) => downloadDayReport(day, ext)}>
            <TextField label="Day" type="date" value={day} max={today} onChange={(e) => go({ day: e.target.value || today })} className="reports__day" />
          </ReportFiles>
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
