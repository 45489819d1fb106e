import type { KassaError } from '@kassa/api-client';
import { DORMANT_NOTICE_DAYS, DORMANT_STATE_LABELS, type DormantAccount, type DormantState } from '@kassa/contracts';
import { Button, ConfirmModal, DateText, formatDay, formatMoney, Money, useDialogs } from '@kassa/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { isApproval } from '../approvals/approvals-api';
import { FourEyesAction, preparedNotice } from '../approvals/four-eyes-action';
import { AdminPage } from '../shared/admin-page';
import { FilterButtons } from '../shared/filters';
import { ListTable, type Column } from '../shared/list-table';
import { Notice, useNotice } from '../shared/notice';
import { StatusTag, statusTags } from '../shared/status-tag';
import { useListParams } from '../shared/use-list-params';
import { useCloseDormantRoundMutation, useGetDormantRoundQuery, useRunDormantRoundMutation } from './dormant-api';

const STATE_TAG = statusTags<DormantState>({ info: ['waiting'], positive: ['used'], negative: ['owes'], warning: ['to_close'], plain: ['closed'] }, DORMANT_STATE_LABELS);

const COLUMNS: Column<DormantAccount>[] = [
  { header: 'Account', phone: 'start', cell: (a) => <Link to={`/admin/accounts/${a.accountId}`}>{a.name}</Link> },
  { header: 'Balance', className: 'k-num', phone: 'end', cell: (a) => <Money cents={a.balance} /> },
  { header: 'Last used', phoneLabel: true, cell: (a) => <DateText value={a.lastUse} /> },
  { header: 'Told', phoneLabel: true, cell: (a) => (a.told > 0 ? <DateText value={a.noticedAt} /> : <span className="k-muted">nobody to mail</span>) },
  { header: 'May close from', phoneLabel: true, cell: (a) => formatDay(a.closeOn) },
  { header: 'State', phoneLabel: true, cell: (a) => <StatusTag tag={STATE_TAG[a.state]} /> },
];

/**
 * /admin/dormant (issue 48 §5): the month's round of accounts unused for more than a year (the notices worker runs it
 * every day; the board may run it now). Each is told by mail 14 days ahead; then two board members close those still
 * unused with their balance expired. One used since is kept; one that owes stays on the debtors page.
 */
export function DormantPage() {
  const { filters, go } = useListParams(['month'] as const);
  const query = useGetDormantRoundQuery({ month: filters.month || null });
  const [run, running] = useRunDormantRoundMutation();
  const [close, closing] = useCloseDormantRoundMutation();
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useNotice();
  const dialogs = useDialogs();
  const round = query.data;
  const toClose = round?.items.filter((i) => i.state === 'to_close') ?? [];

  const runNow = async () => {
    const result = await run();
    if (result.error) return dialogs.error(result.error as KassaError, { title: 'The round could not run' });
    go({ month: result.data.month ?? '' });
    setNotice(`The round of ${result.data.month ?? 'this month'} holds ${result.data.items.length} ${result.data.items.length === 1 ? 'account' : 'accounts'}; new ones are told by mail now.`);
  };
  const closeNow = async () => {
    if (!round?.month) return;
    setConfirming(false);
    const result = await close(round.month);
    if (result.error) return dialogs.error(result.error as KassaError, { title: 'Closing failed' });
    if (isApproval(result.data)) return setNotice(preparedNotice(result.data));
    const { closed, expired, skipped } = result.data;
    setNotice(`Closed ${closed} ${closed === 1 ? 'account' : 'accounts'}, ${formatMoney(expired)} expired.${skipped.length ? ` Left open: ${skipped.map((s) => `${s.name} (${s.reason})`).join('; ')}` : ''}`);
  };

  return (
    <AdminPage
      page="dormant"
      actions={
        <Button disabled={running.isLoading} onClick={() => void runNow()}>
          Run this month's round
        </Button>
      }
    >
      <div className="k-stack">
        <Notice text={notice} />
        {round && round.months.length > 1 ? (
          <FilterButtons label="Round" options={round.months.map((m) => ({ value: m, label: m }))} value={round.month ?? ''} onPick={(month) => go({ month })} className="dormant__months" />
        ) : null}
        {round?.month ? (
          <div className="k-row">
            <span>
              Round of <strong>{round.month}</strong>: {toClose.length} to close, <Money cents={round.toExpire} tone="plain" /> to expire.
            </span>
            <div className="k-spacer" />
            <FourEyesAction service="accounts" approvalId={`dormant_round:${round.month}:close`} label="Close the unused accounts" variant="primary" disabled={toClose.length === 0 || closing.isLoading} onStart={() => setConfirming(true)} />
          </div>
        ) : null}
        <ListTable query={query} rows={round?.items} loadingLabel="Loading dormant accounts" empty="No account has been unused for more than a year." phone label="Dormant accounts" columns={COLUMNS} rowKey={(a) => a.accountId} />
      </div>
      {confirming && round ? (
        <ConfirmModal title="Close the unused accounts" variant="danger" confirmLabel={closing.isLoading ? 'Closing…' : 'Close accounts'} onConfirm={() => void closeNow()} onCancel={() => setConfirming(false)}>
          <p>
            {toClose.length} {toClose.length === 1 ? 'account was' : 'accounts were'} told {DORMANT_NOTICE_DAYS} days ago or more and not used since. Closing them expires{' '}
            <strong>{formatMoney(round.toExpire)}</strong>, as the terms say. Two board members must agree.
          </p>
        </ConfirmModal>
      ) : null}
    </AdminPage>
  );
}
