import { DEBTOR_KIND_LABELS, type Debtor, type DebtorKind } from '@kassa/contracts';
import { Button, DateText, Money } from '@kassa/ui';
import { Link } from 'react-router-dom';
import { AdminPage } from '../shared/admin-page';
import { FilterButtons, ListTotal, ToggleButton } from '../shared/filters';
import { PagedTable, type Column } from '../shared/list-table';
import { DownloadProblem, useDownload } from '../shared/use-download';
import { useListParams } from '../shared/use-list-params';
import { downloadDebtorsCsv, useGetDebtorsQuery } from './debtors-api';

const PAGE_SIZE = 15;
const FILTER_KEYS = ['kind', 'failed', 'blocked'] as const;
const KINDS: { value: DebtorKind | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'credit', label: 'Credit accounts' },
  { value: 'tab', label: 'Tabs' },
  { value: 'other', label: 'Other' },
];

const COLUMNS: Column<Debtor>[] = [
  { header: 'Account', phone: 'start', cell: (d) => <Link to={`/admin/accounts/${d.accountId}`}>{d.name}</Link> },
  { header: 'Owes', className: 'k-num', phone: 'end', cell: (d) => <Money cents={-d.owed} /> },
  { header: 'Kind', phoneLabel: true, cell: (d) => DEBTOR_KIND_LABELS[d.kind] },
  { header: 'Below zero since', phoneLabel: true, cell: (d) => (d.since ? <DateText value={d.since} /> : <span className="k-muted">—</span>) },
  {
    header: 'Last payment',
    phoneLabel: true,
    cell: (d) =>
      d.lastPayment ? (
        <>
          <DateText value={d.lastPayment.at} /> <Money cents={d.lastPayment.amount} tone="plain" />
        </>
      ) : (
        <span className="k-muted">never</span>
      ),
  },
  {
    header: 'Debit reversed',
    phoneLabel: true,
    cell: (d) =>
      d.debitFailed ? (
        <>
          <DateText value={d.debitFailed.at} /> <Money cents={d.debitFailed.amount} tone="plain" />
        </>
      ) : (
        <span className="k-muted">—</span>
      ),
  },
  { header: 'Reminders', className: 'k-num', phoneLabel: true, cell: (d) => (d.debitFailed ? d.reminders : <span className="k-muted">—</span>) },
  {
    header: 'Blocked',
    phoneLabel: true,
    cell: (d) =>
      d.blocked ? (
        <span className="k-tag k-tag--negative">Blocked</span>
      ) : d.blockedFrom ? (
        <span className="k-muted">
          from <DateText value={d.blockedFrom} />
        </span>
      ) : (
        <span className="k-muted">—</span>
      ),
  },
];

/**
 * /admin/debtors: the open accounts below zero, most owed first, 15 a page, with since when, their last payment, a
 * reversed direct debit with the reminders sent since and the block a month after it; filtered by kind, reversed debit
 * and blocked (in the URL); the filter's rows as CSV for the treasurer.
 */
export function DebtorsPage() {
  const { filters, page, go, filtered } = useListParams(FILTER_KEYS);
  const kind = (filters.kind || null) as DebtorKind | null;
  const failed = filters.failed === 'true';
  const blocked = filters.blocked === 'true';
  const query = useGetDebtorsQuery({ page, perPage: PAGE_SIZE, kind, failed, blocked });
  const { data } = query;
  const { downloading, problem, run } = useDownload();

  const empty = filtered ? 'No account below zero matches these filters.' : 'No account is below zero.';
  return (
    <AdminPage
      page="debtors"
      actions={
        <Button onClick={() => void run(() => downloadDebtorsCsv({ kind, failed, blocked }))} disabled={downloading}>
          Download CSV
        </Button>
      }
    >
      <div className="k-stack">
        <DownloadProblem problem={problem} />
        <div className="k-row">
          <FilterButtons label="Kind" options={KINDS} value={filters.kind as DebtorKind | ''} onPick={(next) => go({ kind: next })} className="debtors__kinds">
            <ToggleButton pressed={failed} onClick={() => go({ failed: failed ? '' : 'true' })}>
              Debit reversed
            </ToggleButton>
            <ToggleButton pressed={blocked} onClick={() => go({ blocked: blocked ? '' : 'true' })}>
              Blocked
            </ToggleButton>
          </FilterButtons>
          <ListTotal total={data?.total} />
          {data ? (
            <span className="k-muted">
              owing <Money cents={data.owed} tone="plain" /> together
            </span>
          ) : null}
        </div>
        <PagedTable query={query} paging={{ page, go }} loadingLabel="Loading debtors" empty={empty} phone columns={COLUMNS} rowKey={(d) => d.accountId} pagerLabel="Debtor pages" />
      </div>
    </AdminPage>
  );
}
