import type { KassaError } from '@kassa/api-client';
import { LedgerKind, type AdminLedger } from '@kassa/contracts';
import { ListFallback, TextField, useDialogs } from '@kassa/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormModal } from '../shared/form-modal';
import { field, Options, SelectField, useServerLines } from '../shared/forms';
import { HistoryLink } from '../shared/history-link';
import { actionsColumn, DataTable, type Column } from '../shared/list-table';
import { useGetLedgerCountQuery, useGetLedgersQuery, usePutLedgerMutation } from './accounts-api';

const KIND_LABELS: Record<LedgerKind, string> = { asset: 'Asset', liability: 'Liability', revenue: 'Revenue', expense: 'Expense' };

function LedgerCountCell({ id }: { id: string }) {
  const { data, isError } = useGetLedgerCountQuery({ id, start: null, end: null });
  if (isError) return <span className="k-muted">—</span>;
  return <span>{data ? data.count.toLocaleString('nl-NL') : '…'}</span>;
}

/** The ledger form's fields: the code as the accounting has it (empty for none), the kind. */
const LedgerFields = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9.-]{0,20}$/, 'A code has at most 20 letters, digits, dots and dashes.'),
  kind: LedgerKind,
});

function LedgerForm({ ledger, onDone }: { ledger: AdminLedger; onDone: () => void }) {
  const form = useForm({ resolver: zodResolver(LedgerFields), reValidateMode: 'onSubmit', defaultValues: { code: ledger.code ?? '', kind: ledger.kind } });
  const server = useServerLines(form);
  const [save, { isLoading }] = usePutLedgerMutation();
  const dialogs = useDialogs();
  const submit = form.handleSubmit(async ({ code, kind }) => {
    server.clear();
    const result = await save({ id: ledger.id, body: { code: code || null, kind } });
    if (result.error) {
      const err = result.error as KassaError;
      if (err.status === 422) return server.place(err, ['code']);
      return void dialogs.error(err, { title: 'Saving the ledger failed' });
    }
    onDone();
  }, server.clear);
  return (
    <FormModal title={`Ledger: ${ledger.name}`} submitLabel="Save" busy={isLoading} lines={server.lines} onSubmit={() => submit()} onCancel={onDone}>
      <p className="k-muted">{ledger.covers}.</p>
      <TextField label="Accounting code" maxLength={20} {...field(form, 'code')} hint="The general-ledger account number in the accounting (Exact Online)." autoFocus />
      <SelectField label="Kind" {...form.register('kind')}>
        <Options values={LedgerKind.options} label={(k) => KIND_LABELS[k]} />
      </SelectField>
    </FormModal>
  );
}

/** The ledgers the accounting export books on: what each covers, how many records so far, its code and kind. */
export function LedgersPanel() {
  const { data, error, isLoading, refetch } = useGetLedgersQuery();
  const [editing, setEditing] = useState<AdminLedger | null>(null);
  const columns: Column<AdminLedger>[] = [
    {
      header: 'Ledger',
      cell: (l) => (
        <>
          <button type="button" className="ledgers__name" onClick={() => setEditing(l)} aria-label={`Change ${l.name}`}>
            {l.name}
          </button>
          <div className="k-muted">{l.covers}</div>
        </>
      ),
    },
    {
      header: 'Code',
      cell: (l) => (
        <>
          {l.code ?? <span className="k-muted">no code</span>}
          <div className="k-muted">{KIND_LABELS[l.kind]}</div>
        </>
      ),
    },
    { header: 'Records', className: 'k-num', cell: (l) => <LedgerCountCell id={l.id} /> },
    actionsColumn((l) => <HistoryLink id={l.id} name={l.name} />),
  ];
  if (!data) return <ListFallback error={error} isLoading={isLoading} loadingLabel="Loading ledgers" onRetry={() => void refetch()} />;
  return (
    <div className="k-stack">
      <div className="k-table-wrap">
        <DataTable rows={data.items} columns={columns} className="ledgers__table" />
      </div>
      {editing ? <LedgerForm ledger={editing} onDone={() => setEditing(null)} /> : null}
    </div>
  );
}
