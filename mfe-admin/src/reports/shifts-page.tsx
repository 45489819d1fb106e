import { cardDifference, type Shift } from '@kassa/contracts';
import { DateText, Money } from '@kassa/ui';
import { Fragment, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { AdminPage, BackToList, RecordFallback } from '../shared/admin-page';
import { FilterButtons, FilterRow } from '../shared/filters';
import { RecordOptions, SelectField } from '../shared/forms';
import { PagedTable, recordColumn, type Column } from '../shared/list-table';
import { Section } from '../shared/section';
import { StatusTag, statusTags } from '../shared/status-tag';
import { EVERY_MINUTE, filterArgs, useListParams } from '../shared/use-list-params';
import { useGetAdminRegistersQuery } from '../users/users-api';
import { DayReportTables, ReportFiles } from './report-tables';
import { downloadShiftReport, useGetShiftReportQuery, useGetShiftsQuery } from './reports-api';
import './reports.css';

const PAGE_SIZE = 15;
const FILTER_KEYS = ['register', 'status'] as const;
const STATUSES: { value: Shift['status'] | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
];
const STATUS_TAG = statusTags<Shift['status']>({ info: ['open'], positive: ['closed'] });

/** Register names by id (a shift stores its register's id); an unknown one shows as its id. */
function useRegisterName() {
  const { data } = useGetAdminRegistersQuery();
  const names = new Map((data?.registers ?? []).map((r) => [r.id, r.name]));
  return { registers: data?.registers ?? [], name: (id: string) => names.get(id) ?? id };
}

const money = (cents: number | null) => (cents === null ? <span className="k-muted">—</span> : <Money cents={cents} tone="plain" />);

/**
 * /admin/shifts: every register's shifts, newest first: who opened and closed them, the float, the cash expected and
 * counted, and the difference; a shift opens its report.
 */
export function ShiftsPage() {
  const { filters, page, go } = useListParams(FILTER_KEYS);
  const query = useGetShiftsQuery({ page, perPage: PAGE_SIZE, ...(filterArgs(filters, FILTER_KEYS) as { register: string | null; status: Shift['status'] | null }) }, EVERY_MINUTE);
  const { registers, name } = useRegisterName();
  const columns: Column<Shift>[] = [
    {
      ...recordColumn(
      'Register',
      (s) => ({ to: `/admin/shifts/${s.id}`, name: name(s.register) }),
        (s) => (
          <>
            opened <DateText value={s.openedAt} time /> by {s.openedBy}
          </>
        ),
      ),
      phone: 'start',
    },
    { header: 'Status', phone: 'end', cell: (s) => <StatusTag tag={STATUS_TAG[s.status]} /> },
    { header: 'Closed', phoneLabel: true, cell: (s) => (s.closedAt ? <DateText value={s.closedAt} time /> : <span className="k-muted">—</span>) },
    { header: 'Float', className: 'k-num', phoneLabel: true, cell: (s) => money(s.float) },
    { header: 'Expected cash', className: 'k-num', phoneLabel: true, cell: (s) => money(s.expected) },
    { header: 'Counted', className: 'k-num', phoneLabel: true, cell: (s) => money(s.counted) },
    { header: 'Difference', className: 'k-num', phoneLabel: true, cell: (s) => (s.difference === null ? money(null) : <Money cents={s.difference} />) },
  ];
  return (
    <AdminPage page="shifts">
      <div className="k-stack">
        <FilterRow total={query.data?.total}>
          <FilterButtons label="Status" options={STATUSES} value={(filters.status || '') as Shift['status'] | ''} onPick={(next) => go({ status: next })} className="reports__periods" />
          <SelectField label="Register" value={filters.register} onChange={(e) => go({ register: e.target.value })}>
            <option value="">All registers</option>
            <RecordOptions records={registers} />
          </SelectField>
        </FilterRow>
        <PagedTable query={query} paging={{ page, go }} loadingLabel="Loading shifts" empty="No shifts match these filters." phone columns={columns} />
      </div>
    </AdminPage>
  );
}

const payments = (n: number) => `${n} ${n === 1 ? 'payment' : 'payments'}`;

/** The terminal's own card total for the shift, asked at its close, or why there is none. */
function terminalTotal({ status, card }: Shift): ReactNode {
  if (card.terminal?.totals) return <>{money(card.terminal.totals.total)} <span className="k-muted">({payments(card.terminal.totals.count)})</span></>;
  return <span className="k-muted">{card.terminal?.note ?? (status === 'open' ? 'Asked when the shift closes' : 'Not asked')}</span>;
}

/** The drawer of a shift: float, safe drops, expected and counted cash, the difference and its note. */
function ShiftFacts({ shift: s }: { shift: Shift }) {
  const at = (when: string, by: string | null) => (
    <>
      <DateText value={when} time /> by {by}
    </>
  );
  const drops = s.safeDrops.reduce((sum, d) => sum + d.amount, 0);
  const facts: [string, ReactNode][] = [
    ['Opened', at(s.openedAt, s.openedBy)],
    ['Closed', s.closedAt ? at(s.closedAt, s.closedBy) : 'Still open'],
    ['Float', money(s.float)],
    ['To the safe', s.safeDrops.length ? <>{money(drops)} <span className="k-muted">({s.safeDrops.map((d) => d.by).join(', ')})</span></> : money(0)],
    [s.status === 'closed' ? 'Expected cash' : 'Expected cash so far', money(s.expected)],
    ['Counted', money(s.counted)],
    ['Difference', s.difference === null ? money(null) : <Money cents={s.difference} />],
    ...(s.note ? ([['Note', s.note]] as [string, ReactNode][]) : []),
    ['Card in Kassa', <>{money(s.card.total)} <span className="k-muted">({payments(s.card.count)})</span></>],
    ['Card at the terminal', terminalTotal(s)],
    ...(cardDifference(s.card) === null ? [] : ([['Card difference', <Money cents={cardDifference(s.card)!} />]] as [string, ReactNode][])),
  ];
  return (
    <dl className="k-facts">
      {facts.map(([term, value]) => (
        <Fragment key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** /admin/shifts/:shiftId: one shift's drawer and the report of its sales, with its PDF and CSV. */
export function ShiftPage() {
  const { shiftId = '' } = useParams();
  const { data, error, refetch } = useGetShiftReportQuery(shiftId);
  const back = <BackToList id={shiftId} to="/admin/shifts" label="All shifts" />;
  if (error || !data) return <RecordFallback title="Shift" actions={back} error={error} onRetry={refetch} loadingLabel="Loading the shift" />;
  const { shift, registerName, sales } = data;
  return (
    <AdminPage title={`Shift at ${registerName ?? shift.register}`} lead="The drawer counted at the open and the close, and the takings of the sales made during the shift." actions={back}>
      <div className="k-stack">
        <Section id="shift-drawer" title="Drawer" className="k-card k-stack" headingClassName="reports__heading">
          <ShiftFacts shift={shift} />
        </Section>
        <Section id="shift-report" title="Report" className="k-card k-stack" headingClassName="reports__heading">
          <ReportFiles download={(ext) => downloadShiftReport(shift, ext)} />
          <DayReportTables report={sales} />
        </Section>
      </div>
    </AdminPage>
  );
}
