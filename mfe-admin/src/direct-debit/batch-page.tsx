import type { KassaError } from '@kassa/api-client';
import { DirectDebitFailBody, DirectDebitStatus, type DirectDebitBatchDetail, type DirectDebitLine } from '@kassa/contracts';
import { Button, ConfirmModal, formatDate, formatDay, formatMoney, ListFallback, Money, Pager, TextField, useDialogs } from '@kassa/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router-dom';
import { isApproval } from '../approvals/approvals-api';
import { FourEyesAction, preparedNotice } from '../approvals/four-eyes-action';
import { AdminPage } from '../shared/admin-page';
import { field, Options, SelectField } from '../shared/forms';
import { HistoryLink } from '../shared/history-link';
import { DataTable, type Column } from '../shared/list-table';
import { Notice, useNotice } from '../shared/notice';
import { Section } from '../shared/section';
import { StatusTag, statusTags } from '../shared/status-tag';
import { useKeepPageInRange, useListParams } from '../shared/use-list-params';
import {
  downloadBatchFile,
  useCancelDirectDebitBatchMutation,
  useGetDirectDebitBatchQuery,
  useMarkDirectDebitCollectedMutation,
  useMarkDirectDebitFailedMutation,
} from './direct-debit-api';
import { PAGE_SIZE, skipKey, skippedColumns, STATUS_TAG } from './direct-debit-page';
import './direct-debit.css';

/** Enough of an IBAN to recognise it (country, bank, last four digits), not enough to copy it: "NL91 ABNA … 4300". */
export function maskIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '');
  if (compact.length < 12) return compact;
  return `${compact.slice(0, 4)} ${compact.slice(4, 8)} … ${compact.slice(-4)}`;
}

const DEBIT_TAG = statusTags<DirectDebitLine['status']>({ info: ['pending'], positive: ['collected'], negative: ['failed'] }, { pending: 'In the file' });

type Modal = { kind: 'collected' } | { kind: 'cancel' } | { kind: 'fail'; debit: DirectDebitLine } | null;

const SKIPPED_COLUMNS = skippedColumns('Owed', (s) => <Link to={`/admin/accounts/${s.accountId}`}>{s.name}</Link>);

/** The reason the bank gave, as the contract takes it (trimmed, at most 140 characters). */
const FailFields = DirectDebitFailBody.pick({ reason: true });

function FailForm({ debit, busy, onConfirm, onCancel }: { debit: DirectDebitLine; busy: boolean; onConfirm: (reason: string) => void; onCancel: () => void }) {
  const form = useForm({ resolver: zodResolver(FailFields), defaultValues: { reason: '' } });
  const submit = form.handleSubmit(({ reason }) => onConfirm(reason));
  return (
    <ConfirmModal title="Mark the debit failed" confirmLabel={busy ? 'Marking…' : 'Mark failed'} variant="danger" onConfirm={() => void submit()} onCancel={onCancel}>
      <p>
        The bank reversed the debit of <strong>{formatMoney(debit.amount)}</strong> from <strong>{debit.name}</strong>. Marking it failed books{' '}
        {formatMoney(debit.amount)} back onto the account as debt, switches credit (direct debit) off for the account, as the terms say, and tells the
        member on their account page to top up by hand.
      </p>
      <TextField label="Reason from the bank (optional)" maxLength={140} {...field(form, 'reason')} hint="For example the return code: MD06, AM04, AC04." />
    </ConfirmModal>
  );
}

function Facts({ detail }: { detail: DirectDebitBatchDetail }) {
  const { batch, creditor } = detail;
  return (
    <dl className="k-facts direct-debit__facts">
      <dt>Status</dt>
      <dd>
        <StatusTag tag={STATUS_TAG[batch.status]} />
        {batch.collectedAt ? ` on ${formatDate(batch.collectedAt)}` : ''}
        {batch.cancelledAt ? ` on ${formatDate(batch.cancelledAt)}` : ''}
      </dd>
      <dt>Collection date</dt>
      <dd>{formatDay(batch.collectionDate)}</dd>
      <dt>Cut-off</dt>
      <dd>Debts up to the end of {formatDay(batch.cutoff)}</dd>
      <dt>Debits</dt>
      <dd>
        {batch.count}, together <Money cents={batch.total} tone="plain" />
      </dd>
      {batch.failedCount ? (
        <>
          <dt>Failed</dt>
          <dd className="direct-debit__failed">
            {batch.failedCount}, together <Money cents={batch.failedTotal} tone="plain" />
          </dd>
        </>
      ) : null}
      <dt>Skipped</dt>
      <dd>{batch.skippedCount}</dd>
      <dt>Members told</dt>
      <dd data-testid="prenotice">
        {batch.prenotice ? (
          <>
            {batch.prenotice.told} of {batch.count} accounts on {formatDate(batch.prenotice.at, { time: true })} ({batch.prenotice.days} {batch.prenotice.days === 1 ? 'day' : 'days'} ahead
            asked)
            {batch.prenotice.untold.length ? <div className="k-muted">No user to tell: {batch.prenotice.untold.map((u) => u.name).join(', ')}</div> : null}
          </>
        ) : (
          'Not yet: they are told at the first download of the file'
        )}
      </dd>
      <dt>Creditor</dt>
      <dd>
        {creditor.name}, {maskIban(creditor.iban)}, creditor id <span className="k-mono">{creditor.creditorId}</span>
      </dd>
      <dt>Message id</dt>
      <dd className="k-mono">{batch.msgId}</dd>
      <dt>Made</dt>
      <dd>
        {formatDate(batch.createdAt, { time: true })} by {batch.createdBy}
      </dd>
    </dl>
  );
}

/**
 * /admin/direct_debit/{batchId}: one batch with its debits (15 a page, a status filter in the URL) and the skipped
 * accounts; the XML download, "Mark collected" and, per debit, "Mark failed", each confirmed with what will happen.
 */
export function DirectDebitBatchPage() {
  const { batchId = '' } = useParams();
  const { filters, page, go } = useListParams(['debitStatus']);
  const debitStatus = DirectDebitStatus.safeParse(filters.debitStatus).data ?? null;
  const [polling, setPolling] = useState(0);
  const { data, error, isLoading, isFetching, refetch } = useGetDirectDebitBatchQuery({ id: batchId, page, perPage: PAGE_SIZE, debitStatus }, { pollingInterval: polling });
  useKeepPageInRange(page, data?.debits.pageCount, go);
  const writing = data?.batch.fileStatus === 'pending' && data.batch.status !== 'cancelled';
  if ((writing ? 1000 : 0) !== polling) setPolling(writing ? 1000 : 0);
  const [modal, setModal] = useState<Modal>(null);
  const [notice, setNotice] = useNotice();
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [collect, collecting] = useMarkDirectDebitCollectedMutation();
  const [cancel, cancelling] = useCancelDirectDebitBatchMutation();
  const [fail, failing] = useMarkDirectDebitFailedMutation();
  const dialogs = useDialogs();

  const batch = data?.batch;
  const debitColumns: Column<DirectDebitLine>[] = [
    { header: 'Account', cell: (d) => <Link to={`/admin/accounts/${d.accountId}`}>{d.name}</Link> },
    { header: 'IBAN', cellClassName: 'k-mono direct-debit__iban', cell: (d) => maskIban(d.iban) },
    {
      header: 'Mandate',
      cell: (d) => (
        <>
          <span className="k-mono">{d.mandateId}</span>
          <div className="k-muted">signed {formatDay(d.mandateSignedAt)}</div>
        </>
      ),
    },
    { header: 'Amount', className: 'k-num', cell: (d) => <Money cents={d.amount} tone="plain" /> },
    {
      header: 'Status',
      cell: (d) => (
        <>
          <StatusTag tag={DEBIT_TAG[d.status]} />
          {d.status === 'failed' ? (
            <div className="k-muted">
              {d.failedAt ? formatDate(d.failedAt) : ''}
              {d.failReason ? `: ${d.failReason}` : ''}; credit switched off
            </div>
          ) : null}
        </>
      ),
    },
    {
      header: 'Actions',
      hideHeader: true,
      cellClassName: 'direct-debit__debit-actions',
      cell: (d) =>
        batch?.status === 'collected' && d.status === 'collected' ? (
          <Button onClick={() => setModal({ kind: 'fail', debit: d })} aria-label={`Mark the debit of ${d.name} failed`}>
            Mark failed
          </Button>
        ) : null,
    },
  ];
  const done = (msg: string) => {
    setModal(null);
    setNotice(msg);
  };
  const markCollected = async () => {
    const result = await collect(batchId);
    if (result.error) return void (setModal(null), dialogs.error(result.error as KassaError, { title: 'Marking collected failed' }));
    if (isApproval(result.data)) return done(preparedNotice(result.data));
    done(`Collected: ${result.data.count} debits, together ${formatMoney(result.data.total)}, are booked on their accounts.`);
  };
  const cancelBatch = async () => {
    const result = await cancel(batchId);
    if (result.error) return void (setModal(null), dialogs.error(result.error as KassaError, { title: 'Cancelling failed' }));
    done('The batch is cancelled. Its cut-off is free for a new batch.');
  };
  const markFailed = async (debit: DirectDebitLine, reason: string) => {
    const result = await fail({ id: batchId, accountId: debit.accountId, reason });
    if (result.error) return void (setModal(null), dialogs.error(result.error as KassaError, { title: 'Marking the debit failed did not work' }));
    done(`${debit.name}: the debit of ${formatMoney(debit.amount)} is marked failed, the debt is back on the account and credit is off.`);
  };
  const download = async () => {
    if (!batch) return;
    setDownloadError(await downloadBatchFile(batch.id, `kassa-${batch.collectionDate}-${batch.msgId}.xml`));
  };

  return (
    <AdminPage
      title={batch ? `Direct debit of ${formatDay(batch.collectionDate)}` : 'Direct-debit batch'}
      lead="One batch: its debits, the SEPA file for the bank, what was collected and what failed."
      actions={
        <div className="k-row">
          {batch ? <HistoryLink id={batch.id} name="this batch" /> : null}
          <Link className="k-btn" to="/admin/direct_debit">
            All batches
          </Link>
        </div>
      }
    >
      {data && batch ? (
        <div className="k-stack">
          <Notice text={notice} />
          {batch.fileStatus === 'failed' ? (
            <div className="k-alert k-alert--error" role="alert">
              The file could not be written: {batch.fileError}
            </div>
          ) : null}
          {downloadError ? (
            <div className="k-alert k-alert--error" role="alert">
              {downloadError}
            </div>
          ) : null}
          <section className="k-card k-stack" aria-label="Batch">
            <Facts detail={data} />
            <div className="k-row direct-debit__actions">
              <Button variant="primary" disabled={batch.fileStatus !== 'ready' || batch.status === 'cancelled'} onClick={() => void download()}>
                {writing ? 'Writing the file…' : 'Download XML (pain.008)'}
              </Button>
              {batch.status === 'open' ? (
                <>
                  <FourEyesAction
                    service="payments"
                    approvalId={`direct_debit_batch:${batch.id}:collected`}
                    label="Mark collected"
                    disabled={batch.fileStatus !== 'ready' || data.collectable === false}
                    onStart={() => setModal({ kind: 'collected' })}
                  />
                  <Button variant="danger" onClick={() => setModal({ kind: 'cancel' })}>
                    Cancel batch
                  </Button>
                </>
              ) : null}
            </div>
          </section>

          {batch.status === 'open' && data.collectable === false ? (
            <p className="k-muted">The bank collects this batch on {formatDay(batch.collectionDate)} (Dutch time): mark it collected from that day on.</p>
          ) : null}
          <section className="k-stack" aria-labelledby="dd-debits">
            <div className="k-row direct-debit__filters">
              <h2 id="dd-debits" className="direct-debit__heading">
                Debits
              </h2>
              <div className="k-spacer" />
              <SelectField label="Show" value={debitStatus ?? ''} onChange={(e) => go({ debitStatus: e.target.value })}>
                <option value="">All debits</option>
                <Options values={DirectDebitStatus.options} label={(s) => DEBIT_TAG[s].label} />
              </SelectField>
            </div>
            {data.debits.items.length === 0 ? (
              <p className="k-empty">No debits with this status.</p>
            ) : (
              <div className="k-table-wrap">
                <DataTable
                  rows={data.debits.items}
                  columns={debitColumns}
                  className="direct-debit__debits"
                  busy={isFetching}
                  label="Debits"
                  rowKey={(d) => d.accountId}
                  rowProps={(d) => ({ className: d.status === 'failed' ? 'direct-debit__row--failed' : undefined })}
                />
              </div>
            )}
            <Pager page={page} pageCount={data.debits.pageCount} onPage={(next) => go({ page: next })} />
          </section>

          <Section id="dd-skipped" title="Skipped" className="k-stack" headingClassName="direct-debit__heading">
            {data.skipped.length === 0 ? (
              <p className="k-empty">Nobody was skipped: every credit account owing money had an IBAN and a mandate.</p>
            ) : (
              <div className="k-table-wrap">
                <DataTable rows={data.skipped} columns={SKIPPED_COLUMNS} label="Skipped" rowKey={skipKey} />
              </div>
            )}
          </Section>
        </div>
      ) : (
        <ListFallback error={error} isLoading={isLoading} loadingLabel="Loading the batch" onRetry={() => void refetch()} />
      )}

      {modal?.kind === 'collected' && batch ? (
        <ConfirmModal title="Mark the batch collected" confirmLabel={collecting.isLoading ? 'Booking…' : 'Mark collected'} variant="primary" onConfirm={() => void markCollected()} onCancel={() => setModal(null)}>
          <p>
            The bank collected this batch: <strong>{batch.count}</strong> {batch.count === 1 ? 'debit' : 'debits'}, together{' '}
            <strong>{formatMoney(batch.total)}</strong>. Each is booked on its account as a direct-debit payment, which brings those accounts back up by
            what they owed at the cut-off. This cannot be undone; a debit the bank reverses later is marked failed on its own.
          </p>
          <p className="k-muted">Four eyes: the first admin prepares this, a second admin approves it; only then is anything booked.</p>
        </ConfirmModal>
      ) : null}
      {modal?.kind === 'cancel' && batch ? (
        <ConfirmModal title="Cancel the batch" confirmLabel={cancelling.isLoading ? 'Cancelling…' : 'Cancel batch'} variant="danger" onConfirm={() => void cancelBatch()} onCancel={() => setModal(null)}>
          <p>
            Cancel this batch of {batch.count} debits ({formatMoney(batch.total)})? Nothing is booked. Only do this when the file was not sent to the bank,
            or the bank refused it; a new batch for the same cut-off can then be made.
          </p>
        </ConfirmModal>
      ) : null}
      {modal?.kind === 'fail' ? (
        <FailForm debit={modal.debit} busy={failing.isLoading} onConfirm={(reason) => void markFailed(modal.debit, reason)} onCancel={() => setModal(null)} />
      ) : null}
    </AdminPage>
  );
}
