import type { KassaError } from '@kassa/api-client';
import {
  DirectDebitBatchStatus,
  nextBusinessDay,
  SKIP_REASON_TEXT,
  DirectDebitBatchBody,
  type DirectDebitBatchSummary,
  type DirectDebitPreview,
} from '@kassa/contracts';
import { addDays, dutchDay, formatDate, formatDay, Money, TextField, useDialogs } from '@kassa/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { AdminPage, NewButton } from '../shared/admin-page';
import { ListTotal } from '../shared/filters';
import { FormModal } from '../shared/form-modal';
import { field, Options, SelectField, useServerLines } from '../shared/forms';
import { DataTable, PagedTable, type Column } from '../shared/list-table';
import { FormLines, placeServerLines } from '../shared/server-lines';
import { useGetAdminSettingsQuery } from '../settings/settings-api';
import { StatusTag, statusTags } from '../shared/status-tag';
import { useListParams } from '../shared/use-list-params';
import { useCreateDirectDebitBatchMutation, useGetDirectDebitBatchesQuery, useGetDirectDebitPreviewQuery } from './direct-debit-api';
import './direct-debit.css';

export const PAGE_SIZE = 15;


export const STATUS_TAG = statusTags<DirectDebitBatchSummary['status']>({ info: ['open'], positive: ['collected'], plain: ['cancelled'] });

const FILE_TEXT: Record<DirectDebitBatchSummary['fileStatus'], string> = { pending: 'Being written', ready: 'Ready', failed: 'Failed' };


/** The last day of the previous month: a monthly batch collects what was owed then. */
export function lastDayOfPreviousMonth(today: string): string {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
}

type Skip = DirectDebitPreview['skipped'][number];

/** Who a batch leaves out and why; `owes` names the amount column, `name` shows the account. */
export const skippedColumns = (owes: string, name: (s: Skip) => ReactNode): Column<Skip>[] => [
  { header: 'Account', cell: name },
  {
    header: 'Why',
    cell: (s) => (
      <>
        {SKIP_REASON_TEXT[s.reason]}
        {s.detail ? <div className="k-muted">{s.detail}</div> : null}
      </>
    ),
  },
  { header: owes, className: 'k-num', cell: (s) => <Money cents={s.amount} tone="plain" /> },
];
export const skipKey = (s: Skip) => `${s.accountId}-${s.reason}`;

const INCLUDED_COLUMNS: Column<DirectDebitPreview['debits'][number]>[] = [
  { header: 'Account', cell: (d) => d.name },
  { header: 'Amount', className: 'k-num', cell: (d) => <Money cents={d.amount} tone="plain" /> },
];

const BATCH_COLUMNS: Column<DirectDebitBatchSummary>[] = [
  { header: 'Collection date', cell: (b) => <Link to={`/admin/direct_debit/${b.id}`}>{formatDay(b.collectionDate)}</Link> },
  { header: 'Cut-off', cell: (b) => formatDay(b.cutoff) },
  { header: 'Debits', className: 'k-num', cell: (b) => b.count },
  { header: 'Total', className: 'k-num', cell: (b) => <Money cents={b.total} tone="plain" /> },
  {
    header: 'Status',
    cell: (b) => (
      <>
        <StatusTag tag={STATUS_TAG[b.status]} />
        {b.failedCount ? <span className="k-tag k-tag--negative direct-debit__failed-tag">{b.failedCount} failed</span> : null}
      </>
    ),
  },
  { header: 'File', cell: (b) => FILE_TEXT[b.fileStatus] },
  {
    header: 'Made',
    cell: (b) => (
      <>
        {formatDate(b.createdAt)}
        <div className="k-muted">{b.createdBy}</div>
      </>
    ),
  },
];

function PreviewPanel({ preview }: { preview: DirectDebitPreview }) {
  return (
    <section className="k-stack direct-debit__preview" aria-label="Preview">
      <p>
        <strong>{preview.count}</strong> {preview.count === 1 ? 'debit' : 'debits'}, together <Money cents={preview.total} tone="plain" />
        {preview.skipped.length ? (
          <>
            ; <strong>{preview.skipped.length}</strong> skipped
          </>
        ) : null}
        .
      </p>
      {preview.debits.length ? (
        <div className="k-table-wrap direct-debit__preview-table">
          <DataTable rows={preview.debits} columns={INCLUDED_COLUMNS} caption="Included" rowKey={(d) => d.accountId} />
        </div>
      ) : null}
      {preview.skipped.length ? (
        <div className="k-table-wrap direct-debit__preview-table">
          <DataTable rows={preview.skipped} columns={skippedColumns('Owes', (s) => s.name)} caption="Skipped" rowKey={skipKey} />
        </div>
      ) : null}
    </section>
  );
}

/** A date the form sends: both are chosen before a batch is made or previewed. */
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a date.');
const BatchFields = z.object({ collectionDate: Day, cutoff: Day }).pipe(DirectDebitBatchBody);

/** The new-batch form: both dates, then who the batch would include and skip (from the server) before it is made. */
function NewBatchForm({ onDone }: { onDone: (id: string | null) => void }) {
  const today = dutchDay();
  // Members are told when the batch is made, the settings' days ahead of the collection (SEPA pre-notification).
  const days = useGetAdminSettingsQuery().data?.prenotificationDays ?? 1;
  const earliest = nextBusinessDay(addDays(today, days - 1));
  const form = useForm({ resolver: zodResolver(BatchFields), reValidateMode: 'onSubmit', defaultValues: { collectionDate: earliest, cutoff: lastDayOfPreviousMonth(today) } });
  const server = useServerLines(form);
  const [create, { isLoading }] = useCreateDirectDebitBatchMutation();
  const dialogs = useDialogs();
  const draft = BatchFields.safeParse(useWatch({ control: form.control })).data;
  const preview = useGetDirectDebitPreviewQuery(draft ?? skipToken, { refetchOnMountOrArgChange: true });
  const previewError = preview.error as KassaError | undefined;
  const previewLines = previewError ? placeServerLines(previewError, ['collectionDate', 'cutoff'] as const) : null;

  const submit = form.handleSubmit(async (body) => {
    server.clear();
    const result = await create(body);
    if (result.error) {
      const err = result.error as KassaError;
      if (err.status === 422 || err.status === 409) return server.place(err, ['collectionDate', 'cutoff']);
      return void dialogs.error(err, { title: 'Making the batch failed' });
    }
    onDone(result.data.id);
  }, server.clear);

  // The save's lines first; until then the preview's.
  const date = (f: 'collectionDate' | 'cutoff') => {
    const bound = field(form, f);
    return { ...bound, error: bound.error ?? previewLines?.fields[f] };
  };
  const lines = server.lines.length ? server.lines : (previewLines?.other ?? []);
  return (
    <FormModal title="New direct-debit batch" submitLabel="Create batch" busy={isLoading || preview.isFetching || Boolean(previewError)} onSubmit={() => submit()} onCancel={() => onDone(null)}>
      <FormLines lines={lines} />
      <div className="k-row direct-debit__dates">
        <TextField label="Collection date" type="date" {...date('collectionDate')} hint={`A bank business day, ${days === 1 ? 'one day' : `${days} days`} or more from now: the members are told of the debit when the batch is made.`} />
        <TextField label="Cut-off" type="date" max={today} {...date('cutoff')} hint="Debts up to the end of this day are collected." />
      </div>
      {preview.data && !previewError ? <PreviewPanel preview={preview.data} /> : preview.isFetching ? <p className="k-muted">Working out who owes money…</p> : null}
    </FormModal>
  );
}

/**
 * /admin/direct_debit: the batches, newest first, 15 a page, with a status filter kept in the URL; "New batch" shows
 * who would be included and skipped before it makes one.
 */
export function DirectDebitPage() {
  const { filters, page, go } = useListParams(['status']);
  const status = DirectDebitBatchStatus.safeParse(filters.status).data ?? null;
  const query = useGetDirectDebitBatchesQuery({ page, perPage: PAGE_SIZE, status });
  const { data } = query;
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();

  const empty = status ? 'No batches with this status.' : 'No batches yet. Make the first with "New batch".';
  return (
    <AdminPage page="directDebit" actions={<NewButton label="New batch" onClick={() => setCreating(true)} />}>
      <div className="k-stack">
        <div className="k-row direct-debit__filters">
          <SelectField label="Status" value={status ?? ''} onChange={(e) => go({ status: e.target.value })}>
            <option value="">All</option>
            <Options values={DirectDebitBatchStatus.options} label={(s) => STATUS_TAG[s].label} />
          </SelectField>
          <ListTotal total={data?.total} />
        </div>
        <PagedTable query={query} paging={{ page, go }} loadingLabel="Loading batches" empty={empty} columns={BATCH_COLUMNS} />
      </div>
      {creating ? (
        <NewBatchForm
          onDone={(id) => {
            setCreating(false);
            if (id) void navigate(`/admin/direct_debit/${id}`);
          }}
        />
      ) : null}
    </AdminPage>
  );
}
