import { CHECKOUT_METHOD_LABELS, type DayReport } from '@kassa/contracts';
import { Button, Money } from '@kassa/ui';
import type { ReactNode } from 'react';
import { DataTable, type Column } from '../shared/list-table';
import { DownloadProblem, useDownload } from '../shared/use-download';
import './reports.css';

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
export function SumTable({ title, columns, rows, total }: { title: string; columns: [string, string, string]; rows: SumRow[]; total?: SumRow }) {
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
export function DayReportTables({ report: r }: { report: DayReport }) {
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


/** A report's PDF and CSV buttons after the controls given (`children`), and why a download failed, if it did. */
export function ReportFiles({ download, children }: { download: (ext: 'pdf' | 'csv') => Promise<string | null>; children?: ReactNode }) {
  const { downloading, problem, run } = useDownload();
  return (
    <>
      <div className="k-row reports__controls">
        {children}
        <Button onClick={() => void run(() => download('pdf'))} disabled={downloading}>
          Download PDF
        </Button>
        <Button onClick={() => void run(() => download('csv'))} disabled={downloading}>
          Download CSV
        </Button>
      </div>
      <DownloadProblem problem={problem} />
    </>
  );
}
