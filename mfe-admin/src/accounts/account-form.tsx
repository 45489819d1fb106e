import type { KassaError } from '@kassa/api-client';
import { AccountType, cleanName, TAB_TYPES, type AdminAccount, type AdminAccountBody } from '@kassa/contracts';
import { bicError, bicTypingError, ibanError, ibanTypingError } from '@kassa/contracts/sepa';
import { centsToInput, parseEuros, TextField, useDialogs } from '@kassa/ui';
import { useState } from 'react';
import { FormModal } from '../shared/form-modal';
import { SelectField } from '../shared/forms';
import { FormLines, placeServerLines } from '../shared/server-lines';

const TYPE_LABELS: Record<AccountType, string> = { member: 'Member', event: 'Event', external: 'External (another association, a committee)', system: 'System (not on the till)' };

interface Draft {
  name: string;
  type: AccountType;
  creditAccount: boolean;
  ownLimit: boolean;
  creditLimit: string;
  iban: string;
  bic: string;
  mandateId: string;
  mandateSignedAt: string;
  /** A tab (event and external accounts): invoiced, never direct debit. */
  tab: boolean;
  tabLimit: string;
  /** Chosen on purpose: a tab is never without a limit by accident. */
  noTabLimit: boolean;
  invoiceName: string;
  invoiceAddress: string;
}

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
  tab: a?.tab ?? false,
  tabLimit: a?.tab && a.tabLimit !== null && a.tabLimit !== undefined ? centsToInput(a.tabLimit) : '',
  noTabLimit: Boolean(a?.tab) && (a?.tabLimit ?? null) === null,
  invoiceName: a?.invoiceName ?? '',
  invoiceAddress: a?.invoiceAddress ?? '',
});

const mayRunTab = (type: AccountType) => (TAB_TYPES as readonly string[]).includes(type);

const FIELDS = ['name', 'creditLimit', 'iban', 'bic', 'mandateId', 'mandateSignedAt', 'tabLimit', 'invoiceName', 'invoiceAddress'] as const;
type Problems = Partial<Record<(typeof FIELDS)[number], string>>;

/** The form's own lines, the rules the server holds to (IBAN and BIC from @kassa/contracts/sepa, SPEC 5). */
export function accountProblems(d: Draft): Problems {
  const problems: Problems = {};
  if (cleanName(d.name) === '') problems.name = 'Please enter a name.';
  const bankNeeded = d.creditAccount;
  if (bankNeeded || d.iban.trim()) {
    const e = ibanError(d.iban);
    if (e) problems.iban = e;
  }
  if (bankNeeded || d.bic.trim()) {
    const e = bicError(d.bic);
    if (e) problems.bic = e;
  }
  if (d.creditAccount && d.ownLimit) {
    const parsed = parseEuros(d.creditLimit, { zero: true });
    if ('error' in parsed) problems.creditLimit = parsed.error;
  }
  if (d.tab) {
    if (!d.invoiceName.trim()) problems.invoiceName = 'A tab needs the name its invoices go to.';
    if (!d.invoiceAddress.trim()) problems.invoiceAddress = 'A tab needs the address its invoices go to.';
    if (!d.noTabLimit) {
      const parsed = d.tabLimit.trim() ? parseEuros(d.tabLimit) : { error: "Set the tab's limit, or choose no limit." };
      if ('error' in parsed) problems.tabLimit = parsed.error;
    }
  }
  return problems;
}

function bodyOf(d: Draft): AdminAccountBody {
  const limit = d.creditAccount && d.ownLimit ? parseEuros(d.creditLimit, { zero: true }) : null;
  const tabLimit = d.tab && !d.noTabLimit ? parseEuros(d.tabLimit) : null;
  return {
    name: d.name,
    type: d.type,
    creditAccount: d.creditAccount,
    creditLimit: limit && 'cents' in limit ? limit.cents : null,
    iban: d.iban.trim() || null,
    bic: d.bic.trim() || null,
    mandateId: d.mandateId.trim() || null,
    mandateSignedAt: d.mandateSignedAt || null,
    tab: d.tab,
    ...(d.tab ? { tabLimit: d.noTabLimit ? null : (tabLimit && 'cents' in tabLimit ? tabLimit.cents : null) } : {}),
    invoiceName: d.invoiceName.trim() || null,
    invoiceAddress: d.invoiceAddress.trim() || null,
  };
}

/**
 * New account, or the account's settings: name, type, a tab (event and external accounts: invoice name and address, a
 * limit or no limit chosen), credit (direct debit) with its limit, IBAN and BIC, mandate.
 * Saving sends every field (PUT-like through create or PATCH); the server answers the same lines when it disagrees.
 */
export function AccountForm({
  account,
  defaultLimit,
  busy,
  onSave,
  onCancel,
}: {
  account: AdminAccount | null;
  /** The settings' credit limit in cents, said next to "own limit". */
  defaultLimit: number | null;
  busy: boolean;
  onSave: (body: AdminAccountBody) => Promise<KassaError | null>;
  onCancel: () => void;
}) {
  const [d, setD] = useState<Draft>(() => draftOf(account));
  const [errors, setErrors] = useState<Problems>({});
  const [serverLines, setServerLines] = useState<string[]>([]);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const dialogs = useDialogs();
  const set = (patch: Partial<Draft>) => setD({ ...d, ...patch });

  const submit = async () => {
    const problems = accountProblems(d);
    setErrors(problems);
    setServerLines([]);
    setTouched({ iban: true, bic: true });
    if (Object.keys(problems).length) return;
    const err = await onSave(bodyOf(d));
    if (!err) return;
    if (err.status === 422 && err.lines.length) {
      const placed = placeServerLines(err, FIELDS);
      setErrors(placed.fields);
      return setServerLines(placed.other);
    }
    if (err.status === 409) return setServerLines([err.message]);
    void dialogs.error(err, { title: 'Saving the account failed' });
  };

  const ibanShown = touched.iban ? (errors.iban ?? (d.creditAccount || d.iban.trim() ? ibanError(d.iban) : null)) : ibanTypingError(d.iban);
  const bicShown = touched.bic ? (errors.bic ?? (d.creditAccount || d.bic.trim() ? bicError(d.bic) : null)) : bicTypingError(d.bic);

  return (
    <FormModal title={account ? `Change ${account.name}` : 'New account'} submitLabel={account ? 'Save' : 'Create'} busy={busy} onSubmit={submit} onCancel={onCancel}>
      <FormLines lines={serverLines} />
      <TextField label="Name" value={d.name} maxLength={100} onChange={(e) => set({ name: e.target.value })} error={errors.name} autoFocus />
      <SelectField label="Type" value={d.type} onChange={(e) => set({ type: e.target.value as AccountType, ...(mayRunTab(e.target.value as AccountType) ? {} : { tab: false }) })}>
        {AccountType.options.map((t) => (
          <option key={t} value={t}>
            {TYPE_LABELS[t]}
          </option>
        ))}
      </SelectField>
      {mayRunTab(d.type) ? (
        <fieldset className="accounts__tab">
          <label className="k-checkbox">
            <input type="checkbox" checked={d.tab} onChange={(e) => set({ tab: e.target.checked, ...(e.target.checked ? { creditAccount: false } : {}) })} />
            <span>Runs a tab (sold to without balance, invoiced afterwards; never direct debit)</span>
          </label>
          {d.tab ? (
            <>
              <TextField label="Invoice to" value={d.invoiceName} maxLength={100} onChange={(e) => set({ invoiceName: e.target.value })} error={errors.invoiceName} hint="Who the tab's invoices are addressed to." />
              <div className="k-field">
                <label className="k-field__label" htmlFor="account-invoice-address">
                  Invoice address
                </label>
                <textarea
                  id="account-invoice-address"
                  className="k-textarea"
                  rows={3}
                  maxLength={300}
                  value={d.invoiceAddress}
                  aria-invalid={errors.invoiceAddress ? true : undefined}
                  onChange={(e) => set({ invoiceAddress: e.target.value })}
                />
                {errors.invoiceAddress ? <span className="k-field__error">{errors.invoiceAddress}</span> : null}
              </div>
              <label className="k-checkbox">
                <input type="checkbox" checked={d.noTabLimit} onChange={(e) => set({ noTabLimit: e.target.checked })} />
                <span>No limit (the till never refuses a sale on this tab)</span>
              </label>
              {d.noTabLimit ? null : (
                <TextField label="Tab limit (€)" inputMode="decimal" value={d.tabLimit} onChange={(e) => set({ tabLimit: e.target.value })} error={errors.tabLimit} hint="How much the tab may run up before it is invoiced." />
              )}
            </>
          ) : null}
        </fieldset>
      ) : null}
      {d.tab ? null : (
        <label className="k-checkbox">
          <input type="checkbox" checked={d.creditAccount} onChange={(e) => set({ creditAccount: e.target.checked })} />
          <span>Credit account (direct debit: may go below zero and is collected monthly)</span>
        </label>
      )}
      {d.creditAccount ? (
        <>
          <label className="k-checkbox">
            <input type="checkbox" checked={d.ownLimit} onChange={(e) => set({ ownLimit: e.target.checked })} />
            <span>Own credit limit{defaultLimit !== null ? ` (otherwise € ${centsToInput(defaultLimit)} from the settings)` : ''}</span>
          </label>
          {d.ownLimit ? (
            <TextField label="Credit limit (€)" inputMode="decimal" value={d.creditLimit} onChange={(e) => set({ creditLimit: e.target.value })} error={errors.creditLimit} hint="How far below zero this account may go." />
          ) : null}
        </>
      ) : null}
      <TextField
        label={d.creditAccount ? 'IBAN' : 'IBAN (optional)'}
        autoComplete="off"
        value={d.iban}
        onChange={(e) => set({ iban: e.target.value })}
        onBlur={() => setTouched({ ...touched, iban: true })}
        error={ibanShown}
      />
      <TextField label={d.creditAccount ? 'BIC' : 'BIC (optional)'} autoComplete="off" value={d.bic} onChange={(e) => set({ bic: e.target.value })} onBlur={() => setTouched({ ...touched, bic: true })} error={bicShown} />
      {d.creditAccount ? (
        <div className="k-row accounts__mandate">
          <TextField label="Mandate id" value={d.mandateId} maxLength={35} onChange={(e) => set({ mandateId: e.target.value })} error={errors.mandateId} />
          <TextField label="Mandate signed on" type="date" value={d.mandateSignedAt} onChange={(e) => set({ mandateSignedAt: e.target.value })} error={errors.mandateSignedAt} />
        </div>
      ) : null}
    </FormModal>
  );
}
