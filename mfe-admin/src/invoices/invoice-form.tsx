import type { KassaError } from '@kassa/api-client';
import { CalendarDay, InvoiceCreateBody, type InvoiceView } from '@kassa/contracts';
import { formatMoney, TextField, useDialogs } from '@kassa/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormModal } from '../shared/form-modal';
import { collectedText } from './invoice-document';
import { field, SelectField, TextAreaField, useServerLines } from '../shared/forms';
import { FormLines } from '../shared/server-lines';
import { useCreateInvoiceMutation, useGetInvoiceAccountsQuery, useGetInvoicePreviewQuery, useUpdateInvoiceMutation } from './invoices-api';

const FIELDS = ['accountId', 'from', 'to', 'reference', 'note', 'customerName', 'customerAddress'] as const;

/** A draft's fields: the contract's period, reference, note and customer, and an account chosen for a new one. */
const CreateFields = InvoiceCreateBody.safeExtend({ accountId: z.string().min(1, 'Choose an account.') });
const UpdateFields = InvoiceCreateBody.safeExtend({ accountId: z.string() });

function thisMonth(today = new Date()): { from: string; to: string } {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(today);
  return { from: `${day.slice(0, 8)}01`, to: day };
}

/**
 * A new draft (account and period, with the lines it would get shown before it is made) or a draft's changes (period,
 * reference, note, customer). Answers the saved invoice.
 */
export function InvoiceForm({ invoice, onDone }: { invoice?: InvoiceView; onDone: (saved: InvoiceView | null) => void }) {
  // Lines show once a field is left, and then follow the typing.
  const form = useForm({
    resolver: zodResolver(invoice ? UpdateFields : CreateFields),
    mode: 'onTouched',
    defaultValues: invoice
      ? { accountId: invoice.accountId, from: invoice.from, to: invoice.to, reference: invoice.reference, note: invoice.note, customerName: invoice.customerName === invoice.accountName ? '' : invoice.customerName, customerAddress: invoice.customerAddress }
      : { accountId: '', ...thisMonth(), reference: '', note: '', customerName: '', customerAddress: '' },
  });
  const server = useServerLines(form);
  const [search, setSearch] = useState('');
  const [create, { isLoading: creating }] = useCreateInvoiceMutation();
  const [update, { isLoading: updating }] = useUpdateInvoiceMutation();
  const dialogs = useDialogs();

  const [accountId, from, to] = useWatch({ control: form.control, name: ['accountId', 'from', 'to'] });
  const accounts = useGetInvoiceAccountsQuery(search.trim(), { skip: Boolean(invoice) });
  const previewReady = accountId !== '' && CalendarDay.safeParse(from).success && CalendarDay.safeParse(to).success && from <= to;
  const preview = useGetInvoicePreviewQuery({ accountId, from, to }, { skip: !previewReady });

  const submit = form.handleSubmit(async ({ accountId, ...fields }) => {
    server.clear();
    const result = invoice ? await update({ id: invoice.id, body: fields }) : await create({ accountId, ...fields });
    if (result.error) {
      const err = result.error as KassaError;
      if (err.status === 422) return server.place(err, FIELDS);
      return void dialogs.error(err, { title: invoice ? 'Saving the invoice failed' : 'Making the invoice failed' });
    }
    onDone(result.data);
  }, server.clear);

  const options = accounts.data?.items ?? [];
  return (
    <FormModal
      title={invoice ? `Change draft invoice for ${invoice.accountName}` : 'New invoice'}
      submitLabel={invoice ? 'Save draft' : 'Make draft'}
      busy={creating || updating}
      onSubmit={() => submit()}
      onCancel={() => onDone(null)}
    >
      <FormLines lines={server.lines} />
      {invoice ? null : (
        <>
          <TextField label="Find account" type="search" value={search} onChange={(e) => setSearch(e.target.value)} hint="Type part of a name; tabs and event accounts are listed first." />
          <SelectField label="Account" className="k-select" {...field(form, 'accountId')}>
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
          </SelectField>
        </>
      )}
      <div className="invoice-form__period">
        <TextField label="From" type="date" {...field(form, 'from')} />
        <TextField label="To (inclusive)" type="date" {...field(form, 'to')} />
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
      <TextField label="Reference" maxLength={100} {...field(form, 'reference')} hint="The customer's order or event name, printed on the invoice." />
      <TextField label="Customer name" maxLength={100} {...field(form, 'customerName')} hint="Empty: the account's name (a tab's: the name and address it is invoiced to)." />
      <TextAreaField label="Customer address" className="invoice-form__address" rows={3} maxLength={300} {...field(form, 'customerAddress')} />
      <TextAreaField label="Note on the invoice" className="invoice-form__note" rows={2} maxLength={1000} {...field(form, 'note')} />
    </FormModal>
  );
}
