import type { KassaError } from '@kassa/api-client';
import { CREDIT_LIMIT_MAX, IDEAL_MAX_AMOUNT, type AdminSettings, type AdminSettingsBody } from '@kassa/contracts';
import { Button, centsToInput, ConfirmModal, formatMoney, ListFallback, parseEuros, TextField, useDialogs } from '@kassa/ui';
import { bicError, checkCreditorId, ibanError } from '@kassa/contracts/sepa';
import { useState, type FormEvent } from 'react';
import { AdminPage } from '../shared/admin-page';
import { FormLines, placeServerLines } from '../shared/server-lines';
import { useGetAdminSettingsQuery, usePutAdminSettingsMutation } from './settings-api';
import { InvoiceSenderForm } from './invoice-sender-form';
import './settings.css';

/** The smallest minimum top-up the server takes (cents): the bank's fee makes smaller payments pointless. */
export const MIN_TOP_UP_FLOOR = 100;

type Flag = 'aprilFoolsEnabled' | 'posWrappedAvailable' | 'slideShowsNames' | 'requireTfa' | 'requireSettingAccountPin';

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

interface Draft {
  flags: Record<Flag, boolean>;
  minTopUp: string;
  creditLimit: string;
  creditor: Record<CreditorField, string>;
  offlineFloor: string;
  fourEyes: string;
}

const draftOf = (s: AdminSettings): Draft => ({
  flags: { aprilFoolsEnabled: s.aprilFoolsEnabled, posWrappedAvailable: s.posWrappedAvailable, slideShowsNames: s.slideShowsNames, requireTfa: s.requireTfa, requireSettingAccountPin: s.requireSettingAccountPin },
  minTopUp: centsToInput(s.accountUpgradeMinAmount),
  creditLimit: centsToInput(s.creditLimit),
  creditor: { creditorName: s.creditorName, creditorIban: s.creditorIban, creditorBic: s.creditorBic, creditorId: s.creditorId },
  offlineFloor: centsToInput(s.offlinePrepaidFloor),
  fourEyes: centsToInput(s.fourEyesAboveCents),
});

/** The largest four-eyes threshold the board may set (AdminSettingsBody). */
export const FOUR_EYES_MAX = 1_000_000;

/** The four-eyes threshold of corrections as typed: € 0,00 up to € 10.000,00. */
export function parseFourEyes(text: string): { cents: number } | { error: string } {
  const parsed = parseEuros(text, { zero: true });
  if ('error' in parsed) return parsed;
  if (parsed.cents < 0) return { error: 'The four-eyes threshold cannot be below € 0,00.' };
  if (parsed.cents > FOUR_EYES_MAX) return { error: `The four-eyes threshold cannot be above ${formatMoney(FOUR_EYES_MAX)}.` };
  return parsed;
}

/** The largest offline cap the board may set (AdminSettingsBody). */
export const OFFLINE_FLOOR_MAX = 50_000;

/** The offline cap of prepaid accounts as typed: € 0,00 up to € 500,00. */
export function parseOfflineFloor(text: string): { cents: number } | { error: string } {
  const parsed = parseEuros(text, { zero: true });
  if ('error' in parsed) return parsed;
  if (parsed.cents < 0) return { error: 'The offline cap cannot be below € 0,00.' };
  if (parsed.cents > OFFLINE_FLOOR_MAX) return { error: `The offline cap cannot be above ${formatMoney(OFFLINE_FLOOR_MAX)}.` };
  return parsed;
}

/** The default credit limit as typed: € 0,00 up to € 5.000,00. */
export function parseCreditLimit(text: string): { cents: number } | { error: string } {
  const parsed = parseEuros(text, { zero: true });
  if ('error' in parsed) return parsed;
  if (parsed.cents < 0) return { error: 'A limit cannot be below € 0,00.' };
  if (parsed.cents > CREDIT_LIMIT_MAX) return { error: `A limit cannot be above ${formatMoney(CREDIT_LIMIT_MAX)}.` };
  return parsed;
}

/** The minimum top-up as typed, checked like the server does, with SPEC 5's lines. */
export function parseMinTopUp(text: string): { cents: number } | { error: string } {
  const parsed = parseEuros(text);
  if ('error' in parsed) return parsed;
  if (parsed.cents < MIN_TOP_UP_FLOOR) return { error: `The minimum top-up cannot be below ${formatMoney(MIN_TOP_UP_FLOOR)}.` };
  if (parsed.cents > IDEAL_MAX_AMOUNT) return { error: `The minimum top-up cannot be above the largest online top-up, ${formatMoney(IDEAL_MAX_AMOUNT)}.` };
  return parsed;
}

/** What saving changes, in words, or nothing when the draft equals the saved settings. */
function changesOf(saved: AdminSettings, draft: Draft, minTopUp: number | null, creditLimit: number | null, offlineFloor: number | null, fourEyes: number | null): AdminSettingsBody {
  const body: AdminSettingsBody = {};
  for (const { key } of FLAGS) if (draft.flags[key] !== saved[key]) body[key] = draft.flags[key];
  if (minTopUp !== null && minTopUp !== saved.accountUpgradeMinAmount) body.accountUpgradeMinAmount = minTopUp;
  if (creditLimit !== null && creditLimit !== saved.creditLimit) body.creditLimit = creditLimit;
  for (const { key } of CREDITOR_FIELDS) if (draft.creditor[key].trim() !== saved[key]) body[key] = draft.creditor[key].trim();
  if (offlineFloor !== null && offlineFloor !== saved.offlinePrepaidFloor) body.offlinePrepaidFloor = offlineFloor;
  if (fourEyes !== null && fourEyes !== saved.fourEyesAboveCents) body.fourEyesAboveCents = fourEyes;
  return body;
}

/**
 * /admin/settings: the switches that hold on the server (two-factor and PIN requirements, POS Wrapped, April Fools),
 * the minimum online top-up, and the terms version with "Publish new terms". One Save writes one audit entry.
 */
export function SettingsPage() {
  const { data, error, isLoading, refetch } = useGetAdminSettingsQuery();
  return (
    <AdminPage title="Settings" lead="Platform settings: terms, minimum top-up, credit limit, PIN and two-factor requirements.">
      {data ? <SettingsForms saved={data} /> : <ListFallback error={error} isLoading={isLoading} loadingLabel="Loading settings" onRetry={() => void refetch()} />}
    </AdminPage>
  );
}

function SettingsForms({ saved: data }: { saved: AdminSettings }) {
  const [save, { isLoading: saving }] = usePutAdminSettingsMutation();
  const dialogs = useDialogs();
  const [draft, setDraft] = useState<Draft>(() => draftOf(data));
  const [minError, setMinError] = useState<string | null>(null);
  const [limitError, setLimitError] = useState<string | null>(null);
  const [creditorErrors, setCreditorErrors] = useState<Partial<Record<CreditorField, string>>>({});
  const [floorError, setFloorError] = useState<string | null>(null);
  const [fourEyesError, setFourEyesError] = useState<string | null>(null);
  const [otherLines, setOtherLines] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [publishing, setPublishing] = useState(false);

  const parsedMin = parseMinTopUp(draft.minTopUp);
  const parsedLimit = parseCreditLimit(draft.creditLimit);
  const parsedFloor = parseOfflineFloor(draft.offlineFloor);
  const parsedFourEyes = parseFourEyes(draft.fourEyes);
  const body = changesOf(
    data,
    draft,
    'cents' in parsedMin ? parsedMin.cents : null,
    'cents' in parsedLimit ? parsedLimit.cents : null,
    'cents' in parsedFloor ? parsedFloor.cents : null,
    'cents' in parsedFourEyes ? parsedFourEyes.cents : null,
  );
  const dirty = Object.keys(body).length > 0 || 'error' in parsedMin || 'error' in parsedLimit || 'error' in parsedFloor || 'error' in parsedFourEyes;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setOtherLines([]);
    setMinError('error' in parsedMin ? parsedMin.error : null);
    setLimitError('error' in parsedLimit ? parsedLimit.error : null);
    const creditorProblems = Object.fromEntries(CREDITOR_FIELDS.map(({ key }) => [key, creditorError(key, draft.creditor[key])]).filter(([, e]) => e));
    setCreditorErrors(creditorProblems);
    setFloorError('error' in parsedFloor ? parsedFloor.error : null);
    setFourEyesError('error' in parsedFourEyes ? parsedFourEyes.error : null);
    if ('error' in parsedMin || 'error' in parsedLimit || 'error' in parsedFloor || 'error' in parsedFourEyes || Object.keys(creditorProblems).length > 0) return;
    if (Object.keys(body).length === 0) return;
    const result = await save(body);
    if (result.error) {
      const err = result.error as KassaError;
      if (err.status === 422 && err.lines.length) {
        const placed = placeServerLines(err, ['accountUpgradeMinAmount', 'creditLimit', 'offlinePrepaidFloor', 'fourEyesAboveCents', 'creditorName', 'creditorIban', 'creditorBic', 'creditorId'] as const);
        setMinError(placed.fields.accountUpgradeMinAmount ?? null);
        setLimitError(placed.fields.creditLimit ?? null);
        setFloorError(placed.fields.offlinePrepaidFloor ?? null);
        setFourEyesError(placed.fields.fourEyesAboveCents ?? null);
        setCreditorErrors({ creditorName: placed.fields.creditorName, creditorIban: placed.fields.creditorIban, creditorBic: placed.fields.creditorBic, creditorId: placed.fields.creditorId });
        return setOtherLines(placed.other);
      }
      return void dialogs.error(err, { title: 'Saving the settings failed' });
    }
    setDraft(draftOf(result.data));
    setNotice('Settings saved. Tills and members get them at their next page load or within a minute.');
  };

  const undo = () => {
    setDraft(draftOf(data));
    setMinError(null);
    setLimitError(null);
    setCreditorErrors({});
    setFloorError(null);
    setFourEyesError(null);
  };

  const publish = async () => {
    setPublishing(false);
    const result = await save({ bumpConditionsVersion: true });
    if (result.error) return void dialogs.error(result.error as KassaError, { title: 'Publishing the terms failed' });
    setNotice(`Terms version ${result.data.conditionsVersion} published: everyone accepts them again at their next page load.`);
  };

  return (
    <>
      <div className="k-stack settings">
        {notice ? (
          <div className="k-alert k-alert--success" role="status">
            {notice}
          </div>
        ) : null}
        <form className="k-card k-stack settings__form" onSubmit={(e) => void submit(e)} noValidate aria-label="Settings">
          <FormLines lines={otherLines} />
          {FLAGS.map((f) => (
            <div key={f.key} className="settings__flag">
              <label className="k-checkbox">
                <input
                  type="checkbox"
                  checked={draft.flags[f.key]}
                  onChange={(e) => setDraft({ ...draft, flags: { ...draft.flags, [f.key]: e.target.checked } })}
                />
                <span>{f.label}</span>
              </label>
              <p className="k-muted settings__hint">{f.hint}</p>
            </div>
          ))}
          <TextField
            label="Minimum online top-up (€)"
            inputMode="decimal"
            value={draft.minTopUp}
            onChange={(e) => setDraft({ ...draft, minTopUp: e.target.value })}
            onBlur={() => setMinError('error' in parsedMin ? parsedMin.error : null)}
            error={minError}
            hint={`Members cannot top up less online. Now ${formatMoney(data.accountUpgradeMinAmount)}.`}
          />
          <TextField
            label="Credit limit of credit accounts (€)"
            inputMode="decimal"
            value={draft.creditLimit}
            onChange={(e) => setDraft({ ...draft, creditLimit: e.target.value })}
            onBlur={() => setLimitError('error' in parsedLimit ? parsedLimit.error : null)}
            error={limitError}
            hint={`A credit (direct-debit) account may go this far below zero, unless the account has its own limit. Now ${formatMoney(data.creditLimit)}.`}
          />
          <TextField
            label="Offline cap of prepaid accounts (€)"
            inputMode="decimal"
            value={draft.offlineFloor}
            onChange={(e) => setDraft({ ...draft, offlineFloor: e.target.value })}
            onBlur={() => setFloorError('error' in parsedFloor ? parsedFloor.error : null)}
            error={floorError}
            hint={`While a till is offline it sells on a prepaid account only while the last known balance stays at or above this amount (credit accounts: down to their credit limit). Now ${formatMoney(data.offlinePrepaidFloor)}.`}
          />
          <TextField
            label="Four eyes for corrections above (€)"
            inputMode="decimal"
            value={draft.fourEyes}
            onChange={(e) => setDraft({ ...draft, fourEyes: e.target.value })}
            onBlur={() => setFourEyesError('error' in parsedFourEyes ? parsedFourEyes.error : null)}
            error={fourEyesError}
            hint={`A correction of more than this amount, either way, is prepared by one admin and booked when a second admin approves it (as are a batch marked collected, a credit note and a close that expires a balance). Now ${formatMoney(data.fourEyesAboveCents)}.`}
          />
          <fieldset className="k-stack settings__creditor">
            <legend className="settings__legend">Direct debit: the association as SEPA creditor</legend>
            <p className="k-muted settings__hint">Needed for direct-debit batches. An empty field clears it.</p>
            {CREDITOR_FIELDS.map((f) => (
              <TextField
                key={f.key}
                label={f.label}
                value={draft.creditor[f.key]}
                maxLength={f.key === 'creditorName' ? 70 : 40}
                onChange={(e) => setDraft({ ...draft, creditor: { ...draft.creditor, [f.key]: e.target.value } })}
                onBlur={() => setCreditorErrors({ ...creditorErrors, [f.key]: creditorError(f.key, draft.creditor[f.key]) ?? undefined })}
                error={creditorErrors[f.key]}
                hint={f.hint}
              />
            ))}
          </fieldset>
          <div className="k-row">
            <Button type="submit" variant="primary" disabled={saving || !dirty}>
              Save
            </Button>
            <Button type="button" disabled={saving || !dirty} onClick={undo}>
              Undo changes
            </Button>
          </div>
        </form>
        <section className="k-card k-stack" aria-labelledby="settings-terms">
          <h2 id="settings-terms" className="settings__heading">
            Terms
          </h2>
          <p>
            Terms version <strong>{data.conditionsVersion}</strong> is in force.
          </p>
          <div className="k-row">
            <Button onClick={() => setPublishing(true)} disabled={saving}>
              Publish new terms
            </Button>
          </div>
        </section>
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
