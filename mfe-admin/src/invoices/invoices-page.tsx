import type { InvoiceStatus, InvoiceSummary } from '@kassa/contracts';
import { Money } from '@kassa/ui';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AdminPage, NewButton } from '../shared/admin-page';
import { AccountButton, AccountFilter, FilterButtons, FilterRow } from '../shared/filters';
import { PagedTable, type Column } from '../shared/list-table';
import { StatusTag, statusTags } from '../shared/status-tag';
import { useListParams } from '../shared/use-list-params';
import { formatPeriod } from './invoice-document';
import { InvoiceForm } from './invoice-form';
import { useGetInvoicesQuery } from './invoices-api';
import './invoices.css';

export const PAGE_SIZE = 15;
const FILTER_KEYS = ['status', 'account'] as const;

export const STATUS_TAG = statusTags<InvoiceStatus>({ info: ['draft'], warning: ['final'], positive: ['paid'], negative: ['credited'] }, { final: 'Final, unpaid' });
const FILTERS: { value: InvoiceStatus | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'draft', label: 'Drafts' },
  { value: 'final', label: 'Unpaid' },
  { value: 'paid', label: 'Paid' },
  { value: 'credited', label: 'Credited' },
];

export const invoiceName = (i: Pick<InvoiceSummary, 'kind' | 'number' | 'accountName'>) =>
  `${i.kind === 'credit_note' ? 'credit note' : 'invoice'} ${i.number ?? `draft for ${i.accountName}`}`;

/**
 * /admin/invoices: invoices and credit notes, newest first, 15 a page, filtered by status and account (in the URL);
 * "New invoice" makes a draft for an account and period. Each opens its own page to finalise, pay, credit and print.
 */
export function InvoicesPage() {
  const { filters, page, go, filtered } = useListParams(FILTER_KEYS);
  const { status, account } = filters as { status: InvoiceStatus | ''; account: string };
  const query = useGetInvoicesQuery({ page, perPage: PAGE_SIZE, status: status || null, account: account || null });
  const { data } = query;
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const accountLabel = data?.items.find((i) => i.accountId === account)?.accountName ?? 'one account';


  const columns: Column<InvoiceSummary>[] = [
    {
      header: 'Number',
      cellClassName: 'invoices__number',
      phone: 'start',
      cell: (inv) => (
        <>
          <Link to={`/admin/invoices/${inv.id}`} aria-label={`Open ${invoiceName(inv)}`}>
            {inv.number ?? 'Draft'}
          </Link>
          {inv.kind === 'credit_note' ? <div className="k-muted invoices__detail">Credit note for {inv.creditOf?.number}</div> : null}
        </>
      ),
    },
    {
      header: 'Customer',
      cell: (inv) => (
        <>
          <AccountButton name={inv.customerName} title="Show only this account's invoices" onFilter={() => go({ account: inv.accountId })} />
          {inv.reference ? <div className="k-muted invoices__detail">{inv.reference}</div> : null}
        </>
      ),
    },
    { header: 'Period', cellClassName: 'invoices__period', cell: (inv) => formatPeriod(inv.from, inv.to) },
    { header: 'Total', className: 'k-num', phone: 'end', cell: (inv) => <Money cents={inv.total} tone="plain" /> },
    {
      header: 'Status',
      cell: (inv) => (
        <>
          <StatusTag tag={STATUS_TAG[inv.status]}>{inv.kind === 'credit_note' ? 'Credit note' : undefined}</StatusTag>
          {inv.creditNote ? <div className="k-muted invoices__detail">by {inv.creditNote.number}</div> : null}
        </>
      ),
    },
  ];

  const empty = filtered ? 'No invoices match these filters.' : 'No invoices yet. Make one with "New invoice".';
  return (
    <AdminPage page="invoices" actions={<NewButton label="New invoice" onClick={() => setCreating(true)} />}>
      <div className="k-stack">
        <FilterRow total={data?.total}>
          <FilterButtons label="Status" options={FILTERS} value={status} onPick={(next) => go({ status: next })} className="invoices__statuses" />
          {account ? <AccountFilter name={accountLabel} onClear={() => go({ account: '' })} /> : null}
        </FilterRow>
        <PagedTable query={query} paging={{ page, go }} loadingLabel="Loading invoices" empty={empty} className="invoices__table" phone columns={columns} pagerLabel="Invoice pages" />
      </div>
      {creating ? (
        <InvoiceForm
          onDone={(saved) => {
            setCreating(false);
            if (saved) void navigate(`/admin/invoices/${saved.id}`);
          }}
        />
      ) : null}
    </AdminPage>
  );
}
