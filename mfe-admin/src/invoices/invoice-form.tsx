import type { KassaError } from '@kassa/api-client';
import type { InvoiceView } from '@kassa/contracts';
import { formatMoney, TextField, useDialogs } from '@kassa/ui';
import { useId, useState } from 'react';
import { FormModal } from '../shared/form-modal';
import { collectedText } from './invoice-document';
import { FormLines, placeServerLines } from '../shared/server-lines';
import { useCreateInvoiceMutation, useGetInvoiceAccountsQuery, useGetInvoicePreviewQuery, useUpdateInvoiceMutation } from './invoices-api';

const FIELDS = ['accountId', 'from', 'to', 'reference', 'note', 'customerName', 'customerAddress'] as const;
type Field = (typeof FIELDS)[number];
type Draft = Record<Field, string>;

const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(new Date(`${v}T12:00:00Z`).getTime());

/** The lines the form can show now: the field checks the server makes too, in its words. */
export function checkDraft(d: Draft): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!d.accountId) errors.accountId = 'Choose an account.';
  if (!isDay(d.from)) errors.from = 'Use a date like 2024-03-31.';
  if (!isDay(d.to)) errors.to = 'Use a date like 2024-03-31.';
  else if (isDay(d.from) && d.from > d.to) errors.to = 'The period cannot end before it starts.';
  if (d.reference.length > 100) errors.reference = 'A reference has at most 100 characters.';
  if (d.note.length > 1000) errors.note = 'A note has at most 1000 characters.';
  return errors;
}

function thisMonth(today = new Date()): { from: string; to: string } {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(today);
  return { from: `${day.slice(0, 8)}01`, to: day };
}

/**
 * A new draft (account and period, with the lines it would get shown before it is made) or a draft's changes (period,
 * reference, note, customer). Answers the saved invoice.
 */
export function InvoiceForm({ invoice, onDone }: { invoice?: InvoiceView; onDone: (saved: InvoiceView | null) => void }) {
  const [draft, setDraft] = useState<Draft>(() =>
    invoice
      ? { accountId: invoice.accountId, from: invoice.from, to: invoice.to, reference: invoice.reference, note: invoice.note, customerName: invoice.customerName === invoice.accountName ? '' : invoice.customerName, customerAddress: invoice.customerAddress }
      : { accountId: '', ...thisMonth(), reference: '', note: '', customerName: '', customerAddress: '' },
  );
  const [search, setSearch] = useState('');
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverLines, setServerLines] = useState<{ fields: Partial<Record<Field, string>>; other: string[] }>({ fields: {}, other: [] });
  const [create, { isLoading: creating }] = useCreateInvoiceMutation();
  const [update, { isLoading: updating }] = useUpdateInvoiceMutation();
  const dialogs = useDialogs();
  const ids = { account: useId(), address: useId(), note: useId() };

  const errors = checkDraft(draft);
  const shown = (f: Field) => serverLines.fields[f] ?? (touched[f] ? errors[f] : undefined);
  const set = (f: Field, value: string) => {
    setDraft({ ...draft, [f]: value });
    setServerLines({ fields: { ...serverLines.fields, [f]: undefined }, other: serverLines.other });
  };

  const accounts = useGetInvoiceAccountsQuery(search.trim(), { skip: Boolean(invoice) });
  const previewReady = !errors.accountId && !errors.from && !errors.to;
  const preview = useGetInvoicePreviewQuery({ accountId: draft.accountId, from: draft.from, to: draft.to }, { skip: !previewReady });

  const submit = async () => {
    setTouched(Object.fromEntries(FIELDS.map((f) => [f, true])));
    if (Object.keys(errors).length) return;
    const { accountId, ...fields } = draft;
    const result = invoice ? await update({ id: invoice.id, body: fields }) : await create({ accountId, ...fields });
    if (result.error) {
      const err = result.error as KassaError;
      if (err.status === 422) return setServerLines(placeServerLines(err, FIELDS));
      return void dialogs.error(err, { title: invoice ? 'Saving the invoice failed' : 'Making the invoice failed' });
    }
    onDone(result.data);
  };

  const options = accounts.data?.items ?? [];
  return (
    <FormModal
      title={invoice ? `Change draft invoice for ${invoice.accountName}` : 'New invoice'}
      submitLabel={invoice ? 'Save draft' : 'Make draft'}
      busy={creating || updating}
      onSubmit={submit}
      onCancel={() => onDone(null)}
    >
      <FormLines lines={serverLines.other} />
      {invoice ? null : (
        <>
          <TextField label="Find account" type="search" value={search} onChange={(e) => setSearch(e.target.value)} hint="Type part of a name; tabs and event accounts are listed first." />
          <div className="k-field">
            <label className="k-field__label" htmlFor={ids.account}>
              Account
            </label>
            <select
              id={ids.account}
              className="k-select"
              value={draft.accountId}
              aria-invalid={shown('accountId') ? true : undefined}
              onChange={(e) => set('accountId', e.target.value)}
              onBlur={() => setTouched({ ...touched, accountId: true })}
            >
              <option value="">Choose an account</option>
              {[...options]
                // Tabs first (they are what is invoiced most), then the other event accounts.
                .sort((a, b) => Number(Boolean(b.tab)) * 2 + Number(b.type === 'event') - (Number(Boolean(a.tab)) * 2 + Number(a.type === 'event')))
                .map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                    {a.tab ? ' (tab)' : a.type === 'event' ? ' (event)' : ''}
                  </option>
                ))}
            </select>
            {shown('accountId') ? <span className="k-field__error">{shown('accountId')}</span> : null}
          </div>
        </>
      )}
      <div className="invoice-form__period">
        <TextField label="From" type="date" value={draft.from} onChange={(e) => set('from', e.target.value)} onBlur={() => setTouched({ ...touched, from: true })} error={shown('from')} />
        <TextField label="To (inclusive)" type="date" value={draft.to} onChange={(e) => set('to', e.target.value)} onBlur={() => setTouched({ ...touched, to: true })} error={shown('to')} />
      </div>
      <section className="invoice-form__preview" aria-label="Preview" aria-live="polite">
        {!previewReady ? (
          <p className="k-muted">Choose an account and a period to see the lines.</p>
        ) : preview.data ? (
          <>
            <p>
              <strong>{preview.data.salesCount}</strong> {preview.data.salesCount === 1 ? 'sale' : 'sales'} of {preview.data.accountName}, total <strong>{formatMoney(preview.data.total)}</strong>
              {preview.data.undoneCount ? ` (${preview.data.undoneCount} undone left out)` : ''}.
            </p>
            {preview.data.collectedCount ? <p className="k-muted">{collectedText(preview.data.collectedCount, preview.data.collectedThrough ?? null)}</p> : null}
            {preview.data.lines.length ? (
              <table className="k-table invoice-form__lines">
                <tbody>
                  {preview.data.lines.map((l) => (
                    <tr key={`${l.productId}-${l.unitPrice}-${l.vatRate}`}>
                      <td>
                        {l.quantity}× {l.name}
                      </td>
                      <td className="k-num">{formatMoney(l.total)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className="k-muted">No sales on this account in this period: the draft can be made, but not finalised.</p>
            )}
          </>
        ) : preview.isError ? (
          <p className="k-muted">The preview could not be loaded.</p>
        ) : (
          <p className="k-muted">Loading the lines…</p>
        )}
      </section>
      <TextField label="Reference" value={draft.reference} maxLength={100} onChange={(e) => set('reference', e.target.value)} error={shown('reference')} hint="The customer's order or event name, printed on the invoice." />
      <TextField label="Customer name" value={draft.customerName} maxLength={100} onChange={(e) => set('customerName', e.target.value)} error={shown('customerName')} hint="Empty: the account's name (a tab's: the name and address it is invoiced to)." />
      <div className="k-field">
        <label className="k-field__label" htmlFor={ids.address}>
          Customer address
        </label>
        <textarea id={ids.address} className="k-textarea invoice-form__address" rows={3} maxLength={300} value={draft.customerAddress} onChange={(e) => set('customerAddress', e.target.value)} />
      </div>
      <div className="k-field">
        <label className="k-field__label" htmlFor={ids.note}>
          Note on the invoice
        </label>
        <textarea id={ids.note} className="k-textarea invoice-form__note" rows={2} maxLength={1000} value={draft.note} onChange={(e) => set('note', e.target.value)} />
        {shown('note') ? <span className="k-field__error">{shown('note')}</span> : null}
      </div>
    </FormModal>
  );
}
