import type { KassaError } from '@kassa/api-client';
import { AgeCheck, CREDIT_LIMIT_MAX, FineMode, IDEAL_MAX_AMOUNT, type AdminSettings, type AdminSettingsBody } from '@kassa/contracts';
import { Button, centsToInput, ConfirmModal, formatMoney, ListFallback, TextField, useDialogs } from '@kassa/ui';
import { bicError, checkCreditorId, ibanError } from '@kassa/contracts/sepa';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { AdminPage } from '../shared/admin-page';
import { centsOf, euros, field, SelectField, useServerLines } from '../shared/forms';
import { Notice, useNotice } from '../shared/notice';
import { Section } from '../shared/section';
import { FormLines } from '../shared/server-lines';
import { useGetAdminSettingsQuery, usePutAdminSettingsMutation } from './settings-api';
import { InvoiceSenderForm } from './invoice-sender-form';
import { TermsAnnouncementPart } from './terms-announcement';
import './settings.css';

/** The smallest minimum top-up the server takes (cents): the bank's fee makes smaller payments pointless. */
export const MIN_TOP_UP_FLOOR = 100;

type Flag = 'aprilFoolsEnabled' | 'posWrappedAvailable' | 'slideShowsNames' | 'requireTfa' | 'requireSettingAccountPin' | 'cashWithoutShift';

const FLAGS: { key: Flag; label: string; hint: string }[] = [
  { key: 'requireTfa', label: 'Require two-factor sign-in', hint: 'Everyone without a second factor, admins too, must set one up before they can do anything else (the server holds to it).' },
  {
    key: 'requireSettingAccountPin',
    label: 'Require an account PIN',
    hint: 'Members whose account has no PIN must set one before they can pay with or top up their account.',
  },
  { key: 'posWrappedAvailable', label: 'POS Wrapped', hint: "Members see their year at the bar on their account page." },
  {
    key: 'slideShowsNames',
    label: 'Names on the live slide',
    hint: "The live transactions slide shows a member's first name beside their drinks. It is a public screen: off unless the members agreed.",
  },
  {
    key: 'cashWithoutShift',
    label: 'Cash without a shift',
    hint: 'A till takes cash also when no shift is open at its register. Off: the till opens a shift (with a counted float) before it takes cash.',
  },
  { key: 'aprilFoolsEnabled', label: "April Fools' Day", hint: 'On 1 April the PIN keypad shuffles its digits at the till.' },
];

type CreditorField = 'creditorName' | 'creditorIban' | 'creditorBic' | 'creditorId';
const CREDITOR_FIELDS: { key: CreditorField; label: string; hint: string }[] = [
  { key: 'creditorName', label: 'Creditor name', hint: 'The association as the members’ banks show it.' },
  { key: 'creditorIban', label: 'Creditor IBAN', hint: 'The account the direct debits are paid into.' },
  { key: 'creditorBic', label: 'Creditor BIC', hint: 'The BIC of that account’s bank.' },
  { key: 'creditorId', label: 'Creditor id (Incassant ID)', hint: 'From the bank, like NL98ZZZ999999999999; its check digits are checked.' },
];

/** The line for a creditor field as typed, or null (empty clears it). */
export function creditorError(key: CreditorField, value: string): string | null {
  const v = value.trim();
  if (v === '') return null;
  if (key === 'creditorIban') return ibanError(v);
  if (key === 'creditorBic') return bicError(v);
  if (key === 'creditorId') {
    const checked = checkCreditorId(v);
    return 'error' in checked ? checked.error : null;
  }
  return v.length > 70 ? 'A creditor name has at most 70 characters.' : null;
}

/** The largest four-eyes threshold the board may set (AdminSettingsBody). */
export const FOUR_EYES_MAX = 1_000_000;

/** The largest shift note threshold the board may set (AdminSettingsBody). */
export const SHIFT_NOTE_MAX = 100_000;

/** The largest offline cap the board may set (AdminSettingsBody). */
export const OFFLINE_FLOOR_MAX = 50_000;

/** The minimum top-up as typed, checked like the server does, with SPEC 5's lines. */
const MinTopUp = euros({
  min: { cents: MIN_TOP_UP_FLOOR, line: `The minimum top-up cannot be below ${formatMoney(MIN_TOP_UP_FLOOR)}.` },
  max: { cents: IDEAL_MAX_AMOUNT, line: `The minimum top-up cannot be above the largest online top-up, ${formatMoney(IDEAL_MAX_AMOUNT)}.` },
});

export const parseMinTopUp = (text: string) => centsOf(MinTopUp, text);

/** A creditor field as typed, trimmed; empty clears it. */
const creditor = (key: CreditorField) =>
  z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      const line = creditorError(key, v);
      if (line) ctx.addIssue({ code: 'custom', message: line });
    });

/** Whole days, 1 to 60, as the server checks them (SEPA pre-notification period). */
/** Whole days, 1 to 60, as the server checks them: `what` names the setting in its lines. */
const wholeDays = (what: string, atLeast: string, atMost: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${what} is a whole number of days.`)
    .transform(Number)
    .refine((n) => n >= 1, atLeast)
    .refine((n) => n <= 60, atMost);

/** The direct-debit settings counted in days, in the form's order. */
const DAYS = [
  { key: 'prenotificationDays', label: 'Pre-notification period (days)', hint: 'Members are told of a debit (amount, date, mandate) at least this many days before the collection date.' },
  { key: 'debitReminderDays', label: 'First reminder after a failed debit (days)', hint: 'A member who still owes after a failed debit is reminded this many days after the failure.' },
  { key: 'debitSecondReminderDays', label: 'Second reminder after a failed debit (days)', hint: 'And reminded again this many days after the failure.' },
] as const;

/** A whole number from `min` to `max` as typed: `what` names the setting in its lines. */
const wholeNumber = (what: string, min: number, max: number, unit: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${what} is a whole number${unit ? ` of ${unit}` : ''}.`)
    .transform(Number)
    .refine((n) => n >= min, `${what} is at least ${min}${unit ? ` ${unit}` : ''}.`)
    .refine((n) => n <= max, `${what} is at most ${max}${unit ? ` ${unit}` : ''}.`);

/** The form's fields, named as the settings are: the switches, four amounts in euros (€ 0,00 and up), the creditor. */
const SettingsFields = z.object({
  ...(Object.fromEntries(FLAGS.map(({ key }) => [key, z.boolean()])) as Record<Flag, z.ZodBoolean>),
  accountUpgradeMinAmount: MinTopUp,
  creditLimit: euros({ zero: true, max: { cents: CREDIT_LIMIT_MAX, line: `A limit cannot be above ${formatMoney(CREDIT_LIMIT_MAX)}.` } }),
  offlinePrepaidFloor: euros({ zero: true, max: { cents: OFFLINE_FLOOR_MAX, line: `The offline cap cannot be above ${formatMoney(OFFLINE_FLOOR_MAX)}.` } }),
  fourEyesAboveCents: euros({ zero: true, max: { cents: FOUR_EYES_MAX, line: `The four-eyes threshold cannot be above ${formatMoney(FOUR_EYES_MAX)}.` } }),
  shiftNoteAbove: euros({ zero: true, max: { cents: SHIFT_NOTE_MAX, line: `The note threshold cannot be above ${formatMoney(SHIFT_NOTE_MAX)}.` } }),
  creditorName: creditor('creditorName'),
  creditorIban: creditor('creditorIban'),
  creditorBic: creditor('creditorBic'),
  creditorId: creditor('creditorId'),
  prenotificationDays: wholeDays('The pre-notification period', 'The pre-notification period is at least 1 day.', 'The pre-notification period is at most 60 days.'),
  debitReminderDays: wholeDays('A reminder', 'A reminder comes at least 1 day after the failure.', 'A reminder comes at most 60 days after the failure.'),
  debitSecondReminderDays: wholeDays('A reminder', 'A reminder comes at least 1 day after the failure.', 'A reminder comes at most 60 days after the failure.'),
  ageCheck: AgeCheck,
  fineMode: FineMode,
  fineAmount: euros({ zero: true, max: { cents: 10_000, line: `A fine cannot be above ${formatMoney(10_000)}.` } }),
  finePercent: wholeNumber('The percentage', 0, 25, ''),
  finePeriodDays: wholeNumber('The period', 7, 365, 'days'),
  fineCap: euros({ zero: true, max: { cents: 100_000, line: `The cap cannot be above ${formatMoney(100_000)}.` } }),
});
type SettingsValues = z.output<typeof SettingsFields>;

const valuesOf = (s: AdminSettings): z.input<typeof SettingsFields> => ({
  ...(Object.fromEntries(FLAGS.map(({ key }) => [key, s[key]])) as Record<Flag, boolean>),
  accountUpgradeMinAmount: centsToInput(s.accountUpgradeMinAmount),
  creditLimit: centsToInput(s.creditLimit),
  offlinePrepaidFloor: centsToInput(s.offlinePrepaidFloor),
  fourEyesAboveCents: centsToInput(s.fourEyesAboveCents),
  shiftNoteAbove: centsToInput(s.shiftNoteAbove),
  creditorName: s.creditorName,
  creditorIban: s.creditorIban,
  creditorBic: s.creditorBic,
  creditorId: s.creditorId,
  prenotificationDays: String(s.prenotificationDays),
  debitReminderDays: String(s.debitReminderDays),
  debitSecondReminderDays: String(s.debitSecondReminderDays),
  ageCheck: s.ageCheck,
  fineMode: s.fineMode,
  fineAmount: centsToInput(s.fineAmount),
  finePercent: String(s.finePercent),
  finePeriodDays: String(s.finePeriodDays),
  fineCap: centsToInput(s.fineCap),
});

/** What saving changes: the settings whose value differs from the saved one. */
const changesOf = (saved: AdminSettings, values: SettingsValues): AdminSettingsBody =>
  Object.fromEntries(Object.entries(values).filter(([key, value]) => value !== saved[key as keyof SettingsValues]));

/** The amounts, in the form's order, with their hints. */
const AMOUNTS: { key: 'accountUpgradeMinAmount' | 'creditLimit' | 'offlinePrepaidFloor' | 'fourEyesAboveCents' | 'shiftNoteAbove'; label: string; hint: string }[] = [
  { key: 'accountUpgradeMinAmount', label: 'Minimum online top-up (€)', hint: 'Members cannot top up less online.' },
  { key: 'creditLimit', label: 'Credit limit of credit accounts (€)', hint: 'A credit (direct-debit) account may go this far below zero, unless the account has its own limit.' },
  {
    key: 'offlinePrepaidFloor',
    label: 'Offline cap of prepaid accounts (€)',
    hint: 'While a till is offline it sells on a prepaid account only while the last known balance stays at or above this amount (credit accounts: down to their credit limit).',
  },
  {
    key: 'fourEyesAboveCents',
    label: 'Four eyes for corrections above (€)',
    hint: 'A correction of more than this amount, either way, is prepared by one admin and booked when a second admin approves it (as are a batch marked collected, a credit note and a close that expires a balance).',
  },
  {
    key: 'shiftNoteAbove',
    label: 'Note for a cash difference above (€)',
    hint: 'A shift closed with the counted drawer differing more than this amount, either way, from the expected cash needs a note. The difference is booked to Cash differences.',
  },
];

/**
 * /admin/settings: the switches that hold on the server (two-factor and PIN requirements, POS Wrapped, April Fools),
 * the minimum online top-up, and the terms version with "Publish new terms". One Save writes one audit entry.
 */
export function SettingsPage() {
  const { data, error, isLoading, refetch } = useGetAdminSettingsQuery();
  return (
    <AdminPage page="settings">
      {data ? <SettingsForms saved={data} /> : <ListFallback error={error} isLoading={isLoading} loadingLabel="Loading settings" onRetry={() => void refetch()} />}
    </AdminPage>
  );
}

function SettingsForms({ saved: data }: { saved: AdminSettings }) {
  const [save, { isLoading: saving }] = usePutAdminSettingsMutation();
  const dialogs = useDialogs();
  // A line shows when a field is left, as on submit.
  const form = useForm({ resolver: zodResolver(SettingsFields), mode: 'onBlur', reValidateMode: 'onBlur', defaultValues: valuesOf(data) });
  const server = useServerLines(form);
  const [notice, setNotice] = useNotice();
  const [publishing, setPublishing] = useState(false);

  const parsed = SettingsFields.safeParse(useWatch({ control: form.control }));
  const dirty = !parsed.success || Object.keys(changesOf(data, parsed.data)).length > 0;

  const submit = form.handleSubmit(async (values) => {
    server.clear();
    const body = changesOf(data, values);
    if (Object.keys(body).length === 0) return;
    const result = await save(body);
    if (result.error) {
      const err = result.error as KassaError;
      if (err.status === 422 && err.lines.length) return server.place(err, ['accountUpgradeMinAmount', 'creditLimit', 'offlinePrepaidFloor', 'fourEyesAboveCents', 'shiftNoteAbove', 'fineAmount', 'finePercent', 'finePeriodDays', 'fineCap', ...DAYS.map((d) => d.key), ...CREDITOR_FIELDS.map((f) => f.key)]);
      return void dialogs.error(err, { title: 'Saving the settings failed' });
    }
    form.reset(valuesOf(result.data));
    setNotice('Settings saved. Tills and members get them at their next page load or within a minute.');
  }, server.clear);

  const publish = async () => {
    setPublishing(false);
    const result = await save({ bumpConditionsVersion: true });
    if (result.error) return void dialogs.error(result.error as KassaError, { title: 'Publishing the terms failed' });
    setNotice(`Terms version ${result.data.conditionsVersion} published: everyone accepts them again at their next page load.`);
  };

  return (
    <>
      <div className="k-stack settings">
        <Notice text={notice} />
        <form className="k-card k-stack settings__form" onSubmit={(e) => void submit(e)} noValidate aria-label="Settings">
          <FormLines lines={server.lines} />
          {FLAGS.map((f) => (
            <div key={f.key} className="settings__flag">
              <label className="k-checkbox">
                <input type="checkbox" {...form.register(f.key)} />
                <span>{f.label}</span>
              </label>
              <p className="k-muted settings__hint">{f.hint}</p>
            </div>
          ))}
          <SelectField label="Age check at the till" {...form.register('ageCheck')}>
            <option value="off">Off</option>
            <option value="ask">Ask once per order with an 18+ product</option>
            <option value="account">Only on an account with a date of birth of 18 or older</option>
          </SelectField>
          <p className="k-muted settings__hint">
            Selling alcohol to anyone under 18 is against Dutch law. Products are marked 18+ on the products page; a date of birth is recorded on the
            account&apos;s page.
          </p>
          {AMOUNTS.map((a) => (
            <TextField key={a.key} label={a.label} inputMode="decimal" {...field(form, a.key)} hint={`${a.hint} Now ${formatMoney(data[a.key])}.`} />
          ))}
          <fieldset className="k-stack settings__creditor">
            <legend className="settings__legend">Direct debit: the association as SEPA creditor</legend>
            <p className="k-muted settings__hint">Needed for direct-debit batches. An empty field clears it.</p>
            {CREDITOR_FIELDS.map((f) => (
              <TextField key={f.key} label={f.label} maxLength={f.key === 'creditorName' ? 70 : 40} {...field(form, f.key)} hint={f.hint} />
            ))}
            {DAYS.map((d) => (
              <TextField key={d.key} label={d.label} inputMode="numeric" {...field(form, d.key)} hint={`${d.hint} Now ${data[d.key]} days.`} />
            ))}
          </fieldset>
          <fieldset className="k-stack settings__creditor">
            <legend className="settings__legend">Fines on a debt after a failed direct debit</legend>
            <p className="k-muted settings__hint">Only if the association&apos;s terms say so. An admin can waive a fine on the account&apos;s page.</p>
            <SelectField label="Fines" {...form.register('fineMode')}>
              <option value="off">Off</option>
              <option value="fixed">A fixed amount per period</option>
              <option value="percent">A percentage of the debt per period</option>
            </SelectField>
            <TextField label="Fine per period (€)" inputMode="decimal" {...field(form, 'fineAmount')} hint={`With a fixed amount. Now ${formatMoney(data.fineAmount)}.`} />
            <TextField label="Fine per period (% of the debt)" inputMode="numeric" {...field(form, 'finePercent')} hint={`With a percentage, 0 to 25. Now ${data.finePercent}%.`} />
            <TextField label="Period (days)" inputMode="numeric" {...field(form, 'finePeriodDays')} hint={`A fine for each full period the account still owes after the failure. Now ${data.finePeriodDays} days.`} />
            <TextField label="At most per failed debit (€)" inputMode="decimal" {...field(form, 'fineCap')} hint={`All fines of one failed debit together. Now ${formatMoney(data.fineCap)}.`} />
          </fieldset>
          <div className="k-row">
            <Button type="submit" variant="primary" disabled={saving || !dirty}>
              Save
            </Button>
            <Button type="button" disabled={saving || !dirty} onClick={() => form.reset(valuesOf(data))}>
              Undo changes
            </Button>
          </div>
        </form>
        <Section id="settings-terms" title="Terms" className="k-card k-stack" headingClassName="settings__heading">
          <p>
            Terms version <strong>{data.conditionsVersion}</strong> is in force.
          </p>
          <div className="k-row">
            <Button onClick={() => setPublishing(true)} disabled={saving}>
              Publish new terms
            </Button>
          </div>
          <TermsAnnouncementPart settings={data} onDone={setNotice} />
        </Section>
        <InvoiceSenderForm saved={data} />
      </div>
      {publishing ? (
        <ConfirmModal title="Publish new terms" confirmLabel="Publish" variant="primary" onConfirm={() => void publish()} onCancel={() => setPublishing(false)}>
          <p>
            This makes terms version {data.conditionsVersion + 1} current. Every user, members and tills alike, must accept the terms again at their next
            page load before they can go on; who refuses is signed out.
          </p>
        </ConfirmModal>
      ) : null}
    </>
  );
}
