import { validationLine, type KassaError } from '@kassa/api-client';
import { InvoiceSenderBody, type AdminSettings, type InvoiceSender } from '@kassa/contracts';
import { checkIban } from '@kassa/contracts/sepa';
import { Button, TextField, useDialogs } from '@kassa/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { field, TextAreaField, useServerLines } from '../shared/forms';
import { Notice, useNotice } from '../shared/notice';
import { FormLines } from '../shared/server-lines';
import { usePutAdminSettingsMutation } from './settings-api';

type Field = keyof InvoiceSender;
const FIELDS: readonly Field[] = ['name', 'address', 'vatNumber', 'kvkNumber', 'iban', 'email'];

/** The contract's sender (every field in the form), with the IBAN's check digits checked here too, as the route does. */
const SenderFields = InvoiceSenderBody.extend({
  kvkNumber: InvoiceSenderBody.shape.kvkNumber.unwrap(),
  iban: InvoiceSenderBody.shape.iban.superRefine((iban, ctx) => {
    const checked = iban ? checkIban(iban) : null;
    if (checked && 'error' in checked) ctx.addIssue({ code: 'custom', message: checked.error });
  }),
});

/**
 * The association as the sender of invoices (name, address, VAT number, KvK number, IBAN, e-mail): printed on every
 * invoice and frozen into it when it is finalised, which waits until all but the e-mail are set. Its own Save: one
 * audit entry.
 */
export function InvoiceSenderForm({ saved }: { saved: AdminSettings }) {
  const form = useForm({ resolver: zodResolver(SenderFields), defaultValues: saved.invoiceSender });
  const server = useServerLines(form);
  const [notice, setNotice] = useNotice();
  const [save, { isLoading }] = usePutAdminSettingsMutation();
  const dialogs = useDialogs();
  const input = (f: Field) => field(form, f, { onChange: () => setNotice(null) });

  // Sends the fields as typed: the server cleans them as the contract says.
  const submit = form.handleSubmit(async () => {
    server.clear();
    const result = await save({ invoiceSender: form.getValues() });
    if (result.error) {
      const err = result.error as KassaError;
      if (err.status === 422 && err.detail?.length) {
        // The server names `invoiceSender.<field>`: the field is the third element of loc.
        const other: string[] = [];
        for (const d of err.detail) {
          const f = FIELDS.find((name) => name === d.loc[2]);
          if (f) server.under(f, d.msg);
          else other.push(validationLine(d));
        }
        return server.show(other);
      }
      return void dialogs.error(err, { title: 'Saving the invoice sender failed' });
    }
    form.reset(result.data.invoiceSender);
    setNotice('Invoice sender saved. Drafts show it at once; final invoices keep the sender they were made with.');
  }, server.clear);

  return (
    <form className="k-card k-stack settings__sender" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="settings-invoice-sender">
      <h2 id="settings-invoice-sender" className="settings__heading">
        Invoice sender
      </h2>
      <p className="k-muted settings__lead">Printed at the top of every invoice. An invoice can only be finalised once name and address are set.</p>
      <Notice text={notice} />
      <FormLines lines={server.lines} />
      <TextField label="Association name" maxLength={100} {...input('name')} />
      <TextAreaField label="Address" rows={3} maxLength={300} {...input('address')} />
      <TextField label="VAT number" {...input('vatNumber')} hint="Like NL123456789B01." />
      <TextField label="KvK number" inputMode="numeric" {...input('kvkNumber')} hint="Chamber of Commerce, 8 digits." />
      <TextField label="IBAN" {...input('iban')} hint="Where customers pay invoices." />
      <TextField label="E-mail for invoices" type="email" {...input('email')} />
      <div className="k-row">
        <Button type="submit" variant="primary" disabled={isLoading || !form.formState.isDirty}>
          Save invoice sender
        </Button>
      </div>
    </form>
  );
}
