import { validationLine, type KassaError } from '@kassa/api-client';
import type { AdminSettings, InvoiceSender } from '@kassa/contracts';
import { checkIban } from '@kassa/contracts/sepa';
import { Button, TextField, useDialogs } from '@kassa/ui';
import { useId, useState, type FormEvent } from 'react';
import { FormLines } from '../shared/server-lines';
import { usePutAdminSettingsMutation } from './settings-api';

type Field = keyof InvoiceSender;
const FIELDS: readonly Field[] = ['name', 'address', 'vatNumber', 'kvkNumber', 'iban', 'email'];

/** The lines the form can show before saving, in the server's words. */
export function checkSender(s: InvoiceSender): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (s.iban.trim() && 'error' in checkIban(s.iban)) errors.iban = (checkIban(s.iban) as { error: string }).error;
  if (s.vatNumber.trim() && !/^[A-Z]{2}[0-9A-Z]{8,12}$/.test(s.vatNumber.trim().toUpperCase())) errors.vatNumber = 'Enter a VAT number like NL123456789B01.';
  if (s.kvkNumber.trim() && !/^[0-9]{8}$/.test(s.kvkNumber.trim())) errors.kvkNumber = 'Enter a KvK number of 8 digits, like 12345678.';
  if (s.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s.email.trim())) errors.email = 'Enter an e-mail address like penningmeester@example.nl.';
  return errors;
}

/**
 * The association as the sender of invoices (name, address, VAT number, KvK number, IBAN, e-mail): printed on every
 * invoice and frozen into it when it is finalised, which waits until all but the e-mail are set. Its own Save: one
 * audit entry.
 */
export function InvoiceSenderForm({ saved }: { saved: AdminSettings }) {
  const [draft, setDraft] = useState<InvoiceSender>(saved.invoiceSender);
  const [serverLines, setServerLines] = useState<{ fields: Partial<Record<Field, string>>; other: string[] }>({ fields: {}, other: [] });
  const [checked, setChecked] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [save, { isLoading }] = usePutAdminSettingsMutation();
  const dialogs = useDialogs();
  const addressId = useId();
  const errors = checkSender(draft);
  const dirty = FIELDS.some((f) => draft[f] !== saved.invoiceSender[f]);
  const lineOf = (f: Field) => serverLines.fields[f] ?? (checked ? errors[f] : undefined);
  const set = (f: Field, value: string) => {
    setDraft({ ...draft, [f]: value });
    setNotice(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (Object.keys(errors).length) return;
    const result = await save({ invoiceSender: draft });
    if (result.error) {
      const err = result.error as KassaError;
      if (err.status === 422 && err.detail?.length) {
        // The server names `invoiceSender.<field>`: the field is the third element of loc.
        const fields: Partial<Record<Field, string>> = {};
        const other: string[] = [];
        for (const d of err.detail) {
          const f = FIELDS.find((name) => name === d.loc[2]);
          if (f) fields[f] = d.msg;
          else other.push(validationLine(d));
        }
        return setServerLines({ fields, other });
      }
      return void dialogs.error(err, { title: 'Saving the invoice sender failed' });
    }
    setServerLines({ fields: {}, other: [] });
    setDraft(result.data.invoiceSender);
    setNotice('Invoice sender saved. Drafts show it at once; final invoices keep the sender they were made with.');
  };

  return (
    <form className="k-card k-stack settings__sender" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="settings-invoice-sender">
      <h2 id="settings-invoice-sender" className="settings__heading">
        Invoice sender
      </h2>
      <p className="k-muted settings__lead">Printed at the top of every invoice. An invoice can only be finalised once name and address are set.</p>
      {notice ? (
        <div className="k-alert k-alert--success" role="status">
          {notice}
        </div>
      ) : null}
      <FormLines lines={serverLines.other} />
      <TextField label="Association name" value={draft.name} maxLength={100} onChange={(e) => set('name', e.target.value)} error={lineOf('name')} />
      <div className="k-field">
        <label className="k-field__label" htmlFor={addressId}>
          Address
        </label>
        <textarea id={addressId} className="k-textarea" rows={3} maxLength={300} value={draft.address} onChange={(e) => set('address', e.target.value)} />
        {lineOf('address') ? <span className="k-field__error">{lineOf('address')}</span> : null}
      </div>
      <TextField label="VAT number" value={draft.vatNumber} onChange={(e) => set('vatNumber', e.target.value)} error={lineOf('vatNumber')} hint="Like NL123456789B01." />
      <TextField label="KvK number" inputMode="numeric" value={draft.kvkNumber} onChange={(e) => set('kvkNumber', e.target.value)} error={lineOf('kvkNumber')} hint="Chamber of Commerce, 8 digits." />
      <TextField label="IBAN" value={draft.iban} onChange={(e) => set('iban', e.target.value)} error={lineOf('iban')} hint="Where customers pay invoices." />
      <TextField label="E-mail for invoices" type="email" value={draft.email} onChange={(e) => set('email', e.target.value)} error={lineOf('email')} />
      <div className="k-row">
        <Button type="submit" variant="primary" disabled={isLoading || !dirty}>
          Save invoice sender
        </Button>
      </div>
    </form>
  );
}
