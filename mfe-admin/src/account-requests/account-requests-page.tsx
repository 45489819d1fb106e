import type { AccountRequestStatus, AccountRequestView } from '@kassa/contracts';
import { Button, DateText } from '@kassa/ui';
import { AdminPage } from '../shared/admin-page';
import { ConfirmItem } from '../shared/confirm-item';
import { FilterButtons, ListTotal } from '../shared/filters';
import { HistoryLink } from '../shared/history-link';
import { actionsColumn, PagedTable, type Column } from '../shared/list-table';
import { Notice } from '../shared/notice';
import { useRowActions } from '../shared/row-actions';
import { StatusTag, statusTags } from '../shared/status-tag';
import { EVERY_MINUTE, useListParams } from '../shared/use-list-params';
import { useDecideAccountRequestMutation, useGetAdminAccountRequestsQuery } from './account-requests-api';
import './account-requests.css';

export const PAGE_SIZE = 15;

/** NL91ABNA0417164300 → NL91 ABNA 0417 1643 00, as printed on a bank card. */
const groupIban = (iban: string) => iban.replace(/(.{4})(?!$)/g, '$1 ');
const FILTERS: { value: AccountRequestStatus | ''; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: '', label: 'All' },
];
const STATUS_TAG = statusTags<AccountRequestStatus>({ warning: ['pending'], positive: ['approved'], negative: ['rejected'] });

/** What approving will do, said before it is done (UX.md "Safe mistakes"). */
export function approvalText(r: AccountRequestView): string {
  const kind = r.creditAccount
    ? `a credit account "${r.name}" with a monthly direct debit from ${r.iban ? groupIban(r.iban) : 'their bank account'}`
    : `a prepaid account "${r.name}"`;
  return `This creates ${kind}, links it to user ${r.username} and lets them pay at the bar with the PIN they chose.`;
}

/**
 * /admin/account_requests: members' requests, pending first by default, 15 a page; approve (after confirming) or
 * reject (with a note for the member).
 */
export function AccountRequestsPage() {
  const { filters, page, go } = useListParams(['status'], { status: 'pending' });
  const status = filters.status as AccountRequestStatus | '';
  const query = useGetAdminAccountRequestsQuery({ page, perPage: PAGE_SIZE, status: status || null }, EVERY_MINUTE);
  const { data } = query;
  const [decide, { isLoading: deciding }] = useDecideAccountRequestMutation();
  const { dialogs, notice, setNotice, confirming: approving, setConfirming: setApproving, succeeded } = useRowActions<AccountRequestView>();

  const approve = async (r: AccountRequestView) => {
    if (!succeeded(await decide({ id: r.id, status: 'approved' }), 'Approving failed')) return;
    setNotice(`Approved: ${r.name} (${r.username}) now has an account.`);
  };

  const reject = async (r: AccountRequestView) => {
    const note = await dialogs.prompt({
      title: 'Reject account request',
      text: `${r.name} (${r.username}) gets no account and sees your note on their account setup page. They can send a new request.`,
      label: 'Note for the member',
    });
    if (note === null) return;
    if (!succeeded(await decide({ id: r.id, status: 'rejected', ...(note.trim() ? { note: note.trim() } : {}) }), 'Rejecting failed')) return;
    setNotice(`Rejected: ${r.name} (${r.username}).`);
  };

  const columns: Column<AccountRequestView>[] = [
    {
      header: 'Name',
      phone: 'start',
      cell: (r) => (
        <>
          <div className="requests__name">{r.name}</div>
          <div className="k-muted">{r.username}</div>
        </>
      ),
    },
    { header: 'Type', phone: 'end', cell: (r) => (r.creditAccount ? <span className="k-tag k-tag--info">SEPA</span> : <span className="k-tag">Prepaid</span>) },
    { header: 'IBAN', cellClassName: 'k-mono requests__iban', cell: (r) => (r.iban ? groupIban(r.iban) : '—') },
    { header: 'Requested', cell: (r) => <DateText value={r.createdAt} /> },
    {
      header: 'Status',
      cell: (r) => (
        <>
          <StatusTag tag={STATUS_TAG[r.status]} />
          {r.note ? <div className="k-muted requests__note">{r.note}</div> : null}
        </>
      ),
    },
    actionsColumn((r) => (
      <>
        <HistoryLink id={r.id} name={`the request of ${r.name}`} />
        {r.status === 'pending' ? (
          <>
            <Button variant="positive" onClick={() => setApproving(r)} disabled={deciding} aria-label={`Approve ${r.name}`}>
              Approve
            </Button>
            <Button variant="danger" onClick={() => void reject(r)} disabled={deciding} aria-label={`Reject ${r.name}`}>
              Reject
            </Button>
          </>
        ) : null}
      </>
    )),
  ];

  const empty = status ? `No ${status} requests.` : 'No account requests yet.';
  return (
    <AdminPage page="accountRequests">
      <div className="k-stack">
        <FilterButtons label="Status" options={FILTERS} value={status} onPick={(next) => go({ status: next })} className="requests__filters">
          <ListTotal total={data?.total} />
        </FilterButtons>
        <Notice text={notice} />
        <PagedTable query={query} paging={{ page, go }} loadingLabel="Loading account requests" empty={empty} className="requests__table" phone columns={columns} />
      </div>
      <ConfirmItem item={approving} title="Approve account request" confirmLabel="Approve" variant="positive" text={approvalText} onConfirm={approve} onClose={() => setApproving(null)} />
    </AdminPage>
  );
}
