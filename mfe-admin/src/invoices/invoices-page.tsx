import type { InvoiceStatus, InvoiceSummary } from '@kassa/contracts';
import { Button, ListFallback, Money, Pager } from '@kassa/ui';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AdminPage } from '../shared/admin-page';
import { useKeepPageInRange, useListParams } from '../shared/use-list-params';
import { formatPeriod } from './invoice-document';
import { InvoiceForm } from './invoice-form';
import { useGetInvoicesQuery } from './invoices-api';
import './invoices.css';

export const PAGE_SIZE = 15;
const FILTER_KEYS = ['status', 'account'] as const;

export const STATUS_TAG: Record<InvoiceStatus, { tone: string; label: string }> = {
  draft: { tone: 'k-tag--info', label: 'Draft' },
  final: { tone: 'k-tag--warning', label: 'Final, unpaid' },
  paid: { tone: 'k-tag--positive', label: 'Paid' },
  credited: { tone: 'k-tag--negative', label: 'Credited' },
};
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
  const { data, error, isLoading, isFetching, refetch } = useGetInvoicesQuery({ page, perPage: PAGE_SIZE, status: status || null, account: account || null });
  useKeepPageInRange(page, data?.pageCount, go);
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const accountLabel = data?.items.find((i) => i.accountId === account)?.accountName ?? 'one account';

  let table;
  if (data) {
    table =
      data.items.length === 0 ? (
        <p className="k-empty">{filtered ? 'No invoices match these filters.' : 'No invoices yet. Make one with "New invoice".'}</p>
      ) : (
        <div className="k-table-wrap">
          <table className="k-table invoices__table" aria-busy={isFetching}>
            <thead>
              <tr>
                <th scope="col">Number</th>
                <th scope="col">Customer</th>
                <th scope="col">Period</th>
                <th scope="col" className="k-num">
                  Total
                </th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((inv) => (
                <tr key={inv.id} data-id={inv.id}>
                  <td className="invoices__number">
                    <Link to={`/admin/invoices/${inv.id}`} aria-label={`Open ${invoiceName(inv)}`}>
                      {inv.number ?? 'Draft'}
                    </Link>
                    {inv.kind === 'credit_note' ? <div className="k-muted invoices__detail">Credit note for {inv.creditOf?.number}</div> : null}
                  </td>
                  <td>
                    <button type="button" className="invoices__account" onClick={() => go({ account: inv.accountId })} title="Show only this account's invoices">
                      {inv.customerName}
                    </button>
                    {inv.reference ? <div className="k-muted invoices__detail">{inv.reference}</div> : null}
                  </td>
                  <td className="invoices__period">{formatPeriod(inv.from, inv.to)}</td>
                  <td className="k-num">
                    <Money cents={inv.total} tone="plain" />
                  </td>
                  <td>
                    <span className={`k-tag ${STATUS_TAG[inv.status].tone}`}>{inv.kind === 'credit_note' ? 'Credit note' : STATUS_TAG[inv.status].label}</span>
                    {inv.creditNote ? <div className="k-muted invoices__detail">by {inv.creditNote.number}</div> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
  } else {
    table = <ListFallback error={error} isLoading={isLoading} loadingLabel="Loading invoices" onRetry={() => void refetch()} />;
  }

  return (
    <AdminPage
      title="Invoices"
      lead="Invoices for purchases on account (events and associations first) and their payment status."
      actions={
        <Button variant="primary" onClick={() => setCreating(true)}>
          New invoice
        </Button>
      }
    >
      <div className="k-stack">
        <div className="k-row invoices__filters">
          <div className="k-row invoices__statuses" role="group" aria-label="Status">
            {FILTERS.map((f) => (
              <Button key={f.label} variant={status === f.value ? 'primary' : 'default'} aria-pressed={status === f.value} onClick={() => go({ status: f.value })}>
                {f.label}
              </Button>
            ))}
          </div>
          {account ? (
            <Button onClick={() => go({ account: '' })} aria-label={`Show every account, not only ${accountLabel}`}>
              Account: {accountLabel} ✕
            </Button>
          ) : null}
          {data ? <span className="k-muted invoices__total">{data.total} in total</span> : null}
        </div>
        {table}
        <Pager page={page} pageCount={data?.pageCount ?? 0} onPage={(next) => go({ page: next })} className="invoices__pager" label="Invoice pages" />
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
