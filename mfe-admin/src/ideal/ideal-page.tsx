import type { KassaError } from '@kassa/api-client';
import type { IdealCheckResult, IdealPaymentAdmin, IdealPaymentStatus } from '@kassa/contracts';
import { Button, DateText, formatDate, formatMoney, Money, useDialogs } from '@kassa/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AdminPage } from '../shared/admin-page';
import { ConfirmItem } from '../shared/confirm-item';
import { AccountButton, AccountFilter, FilterButtons, FilterRow } from '../shared/filters';
import { HistoryLink } from '../shared/history-link';
import { actionsColumn, PagedTable, type Column } from '../shared/list-table';
import { Notice } from '../shared/notice';
import { StatusTag, statusTags } from '../shared/status-tag';
import { EVERY_MINUTE, useListParams } from '../shared/use-list-params';
import { useCheckIdealPaymentMutation, useGetIdealPaymentsQuery } from './ideal-api';
import './ideal.css';

export const PAGE_SIZE = 15;
const FILTER_KEYS = ['status', 'account'] as const;

const STATUS_TAG = statusTags<IdealPaymentStatus>({ info: ['open', 'pending'], positive: ['paid'], negative: ['cancelled', 'expired', 'failed'] });
const FILTERS: { value: IdealPaymentStatus | ''; label: string }[] = [
  { value: '', label: 'All' },
  ...(Object.entries(STATUS_TAG) as [IdealPaymentStatus, { label: string }][]).map(([value, { label }]) => ({ value, label })),
];

/** Open, pending, or paid but not on the account yet: the provider may know more than Kassa heard. */
export const canCheck = (p: IdealPaymentAdmin) => p.creditedAt === null && p.providerId !== null && ['open', 'pending', 'paid'].includes(p.status);

/** What "Check again" will do, said before it is done (UX.md "Safe mistakes"). */
export function checkText(p: IdealPaymentAdmin): string {
  const amount = formatMoney(p.amount);
  return [
    `This asks the payment provider now how the top-up of ${amount} by ${p.username} from ${formatDate(p.createdAt, { time: true })} stands.`,
    `If it was paid, ${amount} is credited to the account ${p.accountName}, once: a callback that still comes later does not credit it again.`,
    'If it is still open at the provider, nothing changes; if it was cancelled or expired there, only its status here is updated.',
  ].join(' ');
}

/** What the check found, in the treasurer's words. */
export function checkNotice({ outcome, payment }: IdealCheckResult): { tone: 'success' | 'info'; text: string } {
  const amount = formatMoney(payment.amount);
  switch (outcome) {
    case 'credited':
      return { tone: 'success', text: `Paid: ${amount} is credited to ${payment.accountName}.` };
    case 'already_credited':
      return { tone: 'info', text: `This top-up of ${amount} was already credited to ${payment.accountName}. Nothing was changed.` };
    case 'still_open':
      return { tone: 'info', text: `The provider still reports the top-up of ${amount} as ${payment.status}. Nothing was changed.` };
    case 'closed':
      return { tone: 'info', text: `The provider reports the top-up of ${amount} as ${payment.status}. Nothing was credited.` };
  }
}

/**
 * /admin/ideal: members' online top-ups, newest first, 15 a page, filtered by status and account (in the URL). A
 * payment whose callback never came can be checked again at the provider, which credits a paid one once.
 */
export function IdealPage() {
  const { filters, page, go, filtered } = useListParams(FILTER_KEYS);
  const { status, account } = filters as { status: IdealPaymentStatus | ''; account: string };
  const query = useGetIdealPaymentsQuery({ page, perPage: PAGE_SIZE, status: status || null, account: account || null }, EVERY_MINUTE);
  const { data } = query;
  const [check, { isLoading: checking }] = useCheckIdealPaymentMutation();
  const dialogs = useDialogs();
  const [confirming, setConfirming] = useState<IdealPaymentAdmin | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'info'; text: string } | null>(null);

  const confirmCheck = async (p: IdealPaymentAdmin) => {
    const result = await check({ id: p.id });
    if (result.error) return void dialogs.error(result.error as KassaError, { title: 'Checking failed' });
    setNotice(checkNotice(result.data));
  };

  const accountLabel = data?.items.find((p) => p.accountId === account)?.accountName ?? 'one account';


  const columns: Column<IdealPaymentAdmin>[] = [
    { header: 'Created', cellClassName: 'ideal__time', cell: (p) => <DateText value={p.createdAt} time /> },
    {
      header: 'Account',
      phone: 'start',
      cell: (p) => (
        <>
          <AccountButton name={p.accountName} title="Show only this account's payments" onFilter={() => go({ account: p.accountId })} className="ideal__account" />
          <div className="k-muted k-detail">{p.username}</div>
        </>
      ),
    },
    { header: 'Amount', className: 'k-num', phone: 'end', cell: (p) => <Money cents={p.amount} tone="plain" /> },
    {
      header: 'Provider id',
      cellClassName: 'k-mono ideal__provider-id',
      cell: (p) => (
        <>
          {p.providerId ?? '—'}
          <div className="k-muted k-detail">{p.provider}</div>
        </>
      ),
    },
    {
      header: 'Status',
      cell: (p) => (
        <>
          <StatusTag tag={STATUS_TAG[p.status]} />
          {p.status === 'paid' ? (
            p.creditedAt ? (
              <div className="k-muted k-detail">
                Credited <DateText value={p.creditedAt} time />
              </div>
            ) : (
              <div className="k-detail ideal__uncredited">Not credited yet</div>
            )
          ) : null}
          {p.error ? <div className="k-detail ideal__error">{p.error}</div> : null}
        </>
      ),
    },
    actionsColumn(
      (p) => (
        <>
          <Link className="k-btn" to={`/admin/accounts/${encodeURIComponent(p.accountId)}`} aria-label={`Account history of ${p.accountName}`}>
            Account
          </Link>
          <HistoryLink id={p.id} name={`the top-up of ${formatMoney(p.amount)} by ${p.username}`} />
          {canCheck(p) ? (
            <Button onClick={() => setConfirming(p)} disabled={checking} aria-label={`Check again: the top-up of ${formatMoney(p.amount)} by ${p.username}`}>
              Check again
            </Button>
          ) : null}
        </>
      ),
      'ideal__actions',
    ),
  ];

  const empty = filtered ? 'No payments match these filters.' : 'No online top-ups yet.';
  return (
    <AdminPage page="idealPayments">
      <div className="k-stack">
        <FilterRow total={data?.total}>
          <FilterButtons label="Status" options={FILTERS} value={status} onPick={(next) => go({ status: next })} className="ideal__statuses" />
          {account ? <AccountFilter name={accountLabel} onClear={() => go({ account: '' })} /> : null}
        </FilterRow>
        <Notice text={notice?.text ?? null} tone={notice?.tone} />
        <PagedTable query={query} paging={{ page, go }} loadingLabel="Loading payments" empty={empty} className="ideal__table" phone columns={columns} />
      </div>
      <ConfirmItem item={confirming} title="Check payment again" confirmLabel="Check again" variant="primary" text={checkText} onConfirm={confirmCheck} onClose={() => setConfirming(null)} />
    </AdminPage>
  );
}
