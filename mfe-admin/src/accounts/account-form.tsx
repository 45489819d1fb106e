import type { KassaError } from '@kassa/api-client';
import { AccountType, AdminAccountBody, cleanName, TAB_TYPES, type AdminAccount } from '@kassa/contracts';
import { bicError, bicTypingError, ibanError, ibanTypingError } from '@kassa/contracts/sepa';
import { centsToInput, TextField, useDialogs } from '@kassa/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormModal } from '../shared/form-modal';
import { euros, field, Options, SelectField, TextAreaField, useServerLines } from '../shared/forms';
import { useGetAdminSettingsQuery } from '../settings/settings-api';
import { useCreateAccountMutation, usePatchAccountMutation } from './accounts-api';

const TYPE_LABELS: Record<AccountType, string> = { member: 'Member', event: 'Event', external: 'External (another association, a committee)', system: 'System (not on the till)' };

/**
 * The form's fields as typed. `tab`: invoiced, never direct debit (event and external accounts); `noTabLimit` is chosen
 * on purpose, so a tab is never without a limit by accident.
 */
const Draft = z.object({
  name: z.string(),
  type: AccountType,
  creditAccount: z.boolean(),
  ownLimit: z.boolean(),
  creditLimit: z.string(),
  iban: z.string(),
  bic: z.string(),
  mandateId: z.string(),
  mandateSignedAt: z.string(),
  dateOfBirth: z.string(),
  tab: z.boolean(),
  tabLimit: z.string(),
  noTabLimit: z.boolean(),
  invoiceName: z.string(),
  invoiceAddress: z.string(),
});
type Draft = z.infer<typeof Draft>;

const draftOf = (a: AdminAccount | null): Draft => ({
  name: a?.name ?? '',
  type: a?.type ?? 'member',
  creditAccount: a?.creditAccount ?? false,
  ownLimit: a?.creditLimit !== null && a?.creditLimit !== undefined,
  creditLimit: a?.creditLimit !== null && a?.creditLimit !== undefined ? centsToInput(a.creditLimit) : '',
  iban: a?.iban ?? '',
  bic: a?.bic ?? '',
  mandateId: a?.mandateId ?? '',
  mandateSignedAt: a?.mandateSignedAt ?? '',
  dateOfBirth: a?.dateOfBirth ?? '',
  tab: a?.tab ?? false,
  tabLimit: a?.tab && a.tabLimit !== null && a.tabLimit !== undefined ? centsToInput(a.tabLimit) : '',
  noTabLimit: Boolean(a?.tab) && (a?.tabLimit ?? null) === null,
  invoiceName: a?.invoiceName ?? '',
  invoiceAddress: a?.invoiceAddress ?? '',
});

const mayRunTab = (type: AccountType) => (TAB_TYPES as readonly string[]).includes(type);

const CreditLimit = euros({ zero: true });
const TabLimit = z.string().refine((text) => text.trim() !== '', "Set the tab's limit, or choose no limit.").pipe(euros());

/**
 * The form's own lines, the rules the server holds to (IBAN and BIC from @kassa/contracts/sepa, SPEC 5), all at once,
 * then the body the contract checks (its own lines, as the server's).
 */
const AccountFields = Draft.superRefine((d, ctx) => {
  const line = (path: keyof Draft, message: string | null | undefined) => {
    if (message) ctx.addIssue({ code: 'custom', path: [path], message });
  };
  if (cleanName(d.name) === '') line('name', 'Please enter a name.');
  if (d.creditAccount || d.iban.trim()) line('iban', ibanError(d.iban));
  if (d.creditAccount || d.bic.trim()) line('bic', bicError(d.bic));
  if (d.creditAccount && d.ownLimit) line('creditLimit', CreditLimit.safeParse(d.creditLimit).error?.issues[0]?.message);
  if (d.tab) {
    if (!d.invoiceName.trim()) line('invoiceName', 'A tab needs the name its invoices go to.');
    if (!d.invoiceAddress.trim()) line('invoiceAddress', 'A tab needs the address its invoices go to.');
    if (!d.noTabLimit) line('tabLimit', TabLimit.safeParse(d.tabLimit).error?.issues[0]?.message);
  }
})
  .transform(
    (d): AdminAccountBody => ({
      name: d.name,
      type: d.type,
      creditAccount: d.creditAccount,
      creditLimit: d.creditAccount && d.ownLimit ? CreditLimit.parse(d.creditLimit) : null,
      iban: d.iban.trim() || null,
      bic: d.bic.trim() || null,
      mandateId: d.mandateId.trim() || null,
      mandateSignedAt: d.mandateSignedAt || null,
      dateOfBirth: d.dateOfBirth || null,
      tab: d.tab,
      ...(d.tab ? { tabLimit: d.noTabLimit ? null : TabLimit.parse(d.tabLimit) } : {}),
      invoiceName: d.invoiceName.trim() || null,
      invoiceAddress: d.invoiceAddress.trim() || null,
    }),
  )
  .pipe(AdminAccountBody);

type Problems = Partial<Record<keyof Draft, string>>;

/** The lines the form shows on Create or Save, the first for each field. */
export function accountProblems(d: Draft): Problems {
  const problems: Problems = {};
  for (const issue of AccountFields.safeParse(d).error?.issues ?? []) problems[issue.path[0] as keyof Draft] ??= issue.message;
  return problems;
}

const FIELDS = ['name', 'creditLimit', 'iban', 'bic', 'mandateId', 'mandateSignedAt', 'dateOfBirth', 'tabLimit', 'invoiceName', 'invoiceAddress'] as const;

/**
 * New account, or the account's settings: name, type, a tab (event and external accounts: invoice name and address, a
 * limit or no limit chosen), credit (direct debit) with its limit, IBAN and BIC, mandate.
 * Saving sends every field (PUT-like through create or PATCH); the server answers the same lines when it disagrees.
 */
export function AccountForm({ account, onDone }: { account: AdminAccount | null; onDone: (saved: AdminAccount | null) => void }) {
  // The settings' credit limit, said next to "own limit"; a date of birth is asked only where the age check needs it.
  const settings = useGetAdminSettingsQuery().data;
  const defaultLimit = settings?.creditLimit ?? null;
  const asksBirth = settings?.ageCheck === 'account' || Boolean(account?.dateOfBirth);
  const [create, created] = useCreateAccountMutation();
  const [patch, patched] = usePatchAccountMutation();
  const busy = created.isLoading || patched.isLoading;
  const form = useForm({ resolver: zodResolver(AccountFields), reValidateMode: 'onSubmit', defaultValues: draftOf(account) });
  const server = useServerLines(form);
  const dialogs = useDialogs();
  const [type, tab, noTabLimit, creditAccount, ownLimit, iban, bic] = useWatch({ control: form.control, name: ['type', 'tab', 'noTabLimit', 'creditAccount', 'ownLimit', 'iban', 'bic'] });
  const { errors, touchedFields, isSubmitted } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    server.clear();
    const result = account ? await patch({ id: account.id, body }) : await create(body);
    if (!result.error) return onDone(result.data);
    const err = result.error as KassaError;
    if (err.status === 422 && err.lines.length) return server.place(err, FIELDS);
    if (err.status === 409) return server.show([err.message]);
    void dialogs.error(err, { title: 'Saving the account failed' });
  }, server.clear);

  // While typing only what is wrong already; once left (or saved), the full check, or the line the save gave.
  const ibanShown = touchedFields.iban || isSubmitted ? (errors.iban?.message ?? (creditAccount || iban.trim() ? ibanError(iban) : null)) : ibanTypingError(iban);
  const bicShown = touchedFields.bic || isSubmitted ? (errors.bic?.message ?? (creditAccount || bic.trim() ? bicError(bic) : null)) : bicTypingError(bic);

  return (
    <FormModal title={account ? `Change ${account.name}` : 'New account'} submitLabel={account ? 'Save' : 'Create'} busy={busy} lines={server.lines} onSubmit={() => submit()} onCancel={() => onDone(null)}>
      <TextField label="Name" maxLength={100} {...field(form, 'name')} autoFocus />
      <SelectField label="Type" {...form.register('type', { onChange: (e: { target: { value: AccountType } }) => !mayRunTab(e.target.value) && form.setValue('tab', false) })}>
        <Options values={AccountType.options} label={(t) => TYPE_LABELS[t]} />
      </SelectField>
      {mayRunTab(type) ? (
        <fieldset className="accounts__tab">
          <label className="k-checkbox">
            <input type="checkbox" {...form.register('tab', { onChange: (e: { target: { checked: boolean } }) => e.target.checked && form.setValue('creditAccount', false) })} />
            <span>Runs a tab (sold to without balance, invoiced afterwards; never direct debit)</span>
          </label>
          {tab ? (
            <>
              <TextField label="Invoice to" maxLength={100} {...field(form, 'invoiceName')} hint="Who the tab's invoices are addressed to." />
              <TextAreaField label="Invoice address" rows={3} maxLength={300} {...field(form, 'invoiceAddress')} />
              <label className="k-checkbox">
                <input type="checkbox" {...form.register('noTabLimit')} />
                <span>No limit (the till never refuses a sale on this tab)</span>
              </label>
              {noTabLimit ? null : <TextField label="Tab limit (€)" inputMode="decimal" {...field(form, 'tabLimit')} hint="How much the tab may run up before it is invoiced." />}
            </>
          ) : null}
        </fieldset>
      ) : null}
      {tab ? null : (
        <label className="k-checkbox">
          <input type="checkbox" {...form.register('creditAccount')} />
          <span>Credit account (direct debit: may go below zero and is collected monthly)</span>
        </label>
      )}
      {creditAccount ? (
        <>
          <label className="k-checkbox">
            <input type="checkbox" {...form.register('ownLimit')} />
            <span>Own credit limit{defaultLimit !== null ? ` (otherwise € ${centsToInput(defaultLimit)} from the settings)` : ''}</span>
          </label>
          {ownLimit ? <TextField label="Credit limit (€)" inputMode="decimal" {...field(form, 'creditLimit')} hint="How far below zero this account may go." /> : null}
        </>
      ) : null}
      <TextField label={creditAccount ? 'IBAN' : 'IBAN (optional)'} autoComplete="off" {...form.register('iban')} error={ibanShown} />
      <TextField label={creditAccount ? 'BIC' : 'BIC (optional)'} autoComplete="off" {...form.register('bic')} error={bicShown} />
      {creditAccount ? (
        <div className="k-row accounts__mandate">
          <TextField label="Mandate id" maxLength={35} {...field(form, 'mandateId')} />
          <TextField label="Mandate signed on" type="date" {...field(form, 'mandateSignedAt')} />
        </div>
      ) : null}
      {asksBirth ? (
        <TextField
          label="Date of birth (optional)"
          type="date"
          {...field(form, 'dateOfBirth')}
          hint="The age check sells 18+ products on this account only when this shows 18 or older. Leave empty to record none."
        />
      ) : null}
    </FormModal>
  );
}
