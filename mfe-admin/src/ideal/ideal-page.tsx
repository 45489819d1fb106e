import type { KassaError } from '@kassa/api-client';
import type { IdealCheckResult, IdealPaymentAdmin, IdealPaymentStatus } from '@kassa/contracts';
import { Button, ConfirmModal, DateText, formatDate, formatMoney, ListFallback, Money, Pager, useDialogs } from '@kassa/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AdminPage } from '../shared/admin-page';
import { HistoryLink } from '../shared/history-link';
import { useKeepPageInRange, useListParams } from '../shared/use-list-params';
import { useCheckIdealPaymentMutation, useGetIdealPaymentsQuery } from './ideal-api';
import './ideal.css';

export const PAGE_SIZE = 15;
const FILTER_KEYS = ['status', 'account'] as const;

const STATUS_TAG: Record<IdealPaymentStatus, { tone: string; label: string }> = {
  open: { tone: 'k-tag--info', label: 'Open' },
  pending: { tone: 'k-tag--info', label: 'Pending' },
  paid: { tone: 'k-tag--positive', label: 'Paid' },
  cancelled: { tone: 'k-tag--negative', label: 'Cancelled' },
  expired: { tone: 'k-tag--negative', label: 'Expired' },
  failed: { tone: 'k-tag--negative', label: 'Failed' },
};
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
  const { data, error, isLoading, isFetching, refetch } = useGetIdealPaymentsQuery(
    { page, perPage: PAGE_SIZE, status: status || null, account: account || null },
    { pollingInterval: 60_000 },
  );
  useKeepPageInRange(page, data?.pageCount, go);
  const [check, { isLoading: checking }] = useCheckIdealPaymentMutation();
  const dialogs = useDialogs();
  const [confirming, setConfirming] = useState<IdealPaymentAdmin | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'info'; text: string } | null>(null);

  const confirmCheck = async (p: IdealPaymentAdmin) => {
    setConfirming(null);
    const result = await check({ id: p.id });
    if (result.error) return void dialogs.error(result.error as KassaError, { title: 'Checking failed' });
    setNotice(checkNotice(result.data));
  };

  const accountLabel = data?.items.find((p) => p.accountId === account)?.accountName ?? 'one account';

  let table;
  if (data) {
    table =
      data.items.length === 0 ? (
        <p className="k-empty">{filtered ? 'No payments match these filters.' : 'No online top-ups yet.'}</p>
      ) : (
        <div className="k-table-wrap">
          <table className="k-table ideal__table" aria-busy={isFetching}>
            <thead>
              <tr>
                <th scope="col">Created</th>
                <th scope="col">Account</th>
                <th scope="col" className="k-num">
                  Amount
                </th>
                <th scope="col">Provider id</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="k-visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((p) => (
                <tr key={p.id} data-id={p.id}>
                  <td className="ideal__time">
                    <DateText value={p.createdAt} time />
                  </td>
                  <td>
                    <button type="button" className="ideal__account" onClick={() => go({ account: p.accountId })} title="Show only this account's payments">
                      {p.accountName}
                    </button>
                    <div className="k-muted ideal__detail">{p.username}</div>
                  </td>
                  <td className="k-num">
                    <Money cents={p.amount} tone="plain" />
                  </td>
                  <td className="k-mono ideal__provider-id">
                    {p.providerId ?? '—'}
                    <div className="k-muted ideal__detail">{p.provider}</div>
                  </td>
                  <td>
                    <span className={`k-tag ${STATUS_TAG[p.status].tone}`}>{STATUS_TAG[p.status].label}</span>
                    {p.status === 'paid' ? (
                      p.creditedAt ? (
                        <div className="k-muted ideal__detail">
                          Credited <DateText value={p.creditedAt} time />
                        </div>
                      ) : (
                        <div className="ideal__detail ideal__uncredited">Not credited yet</div>
                      )
                    ) : null}
                    {p.error ? <div className="ideal__detail ideal__error">{p.error}</div> : null}
                  </td>
                  <td className="ideal__actions">
                    <div className="k-row">
                      <Link className="k-btn" to={`/admin/accounts/${encodeURIComponent(p.accountId)}`} aria-label={`Account history of ${p.accountName}`}>
                        Account
                      </Link>
                      <HistoryLink id={p.id} name={`the top-up of ${formatMoney(p.amount)} by ${p.username}`} />
                      {canCheck(p) ? (
                        <Button onClick={() => setConfirming(p)} disabled={checking} aria-label={`Check again: the top-up of ${formatMoney(p.amount)} by ${p.username}`}>
                          Check again
                        </Button>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
  } else {
    table = <ListFallback error={error} isLoading={isLoading} loadingLabel="Loading payments" onRetry={() => void refetch()} />;
  }

  return (
    <AdminPage title="iDEAL payments" lead="Members' online top-ups and their status at the payment provider.">
      <div className="k-stack">
        <div className="k-row ideal__filters">
          <div className="k-row ideal__statuses" role="group" aria-label="Status">
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
          {data ? <span className="k-muted ideal__total">{data.total} in total</span> : null}
        </div>
        {notice ? (
          <div className={`k-alert k-alert--${notice.tone}`} role="status">
            {notice.text}
          </div>
        ) : null}
        {table}
        <Pager page={page} pageCount={data?.pageCount ?? 0} onPage={(next) => go({ page: next })} className="ideal__pager" />
      </div>
      {confirming ? (
        <ConfirmModal title="Check payment again" confirmLabel="Check again" variant="primary" onConfirm={() => void confirmCheck(confirming)} onCancel={() => setConfirming(null)}>
          <p>{checkText(confirming)}</p>
        </ConfirmModal>
      ) : null}
    </AdminPage>
  );
}
