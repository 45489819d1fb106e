import type { MailLanguage } from '@kassa/contracts';
import { Button, centsToInput, ListFallback, parseEuros, TextField } from '@kassa/ui';
import { useState, type FormEvent } from 'react';
import { errorText } from '../shared/error-text';
import { FormOutcome } from '../shared/form-outcome';
import { useGetProfileQuery, useSaveProfileMutation } from './account-api';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const LANGUAGES: { value: MailLanguage; label: string }[] = [
  { value: 'nl', label: 'Nederlands' },
  { value: 'en', label: 'English' },
];

/** Where Kassa mails the member, and in which language. */
export function ProfileForm() {
  const { data, error, isLoading, refetch } = useGetProfileQuery();
  return (
    <section id="profile" className="k-card k-stack" aria-labelledby="account-profile-title">
      <h2 id="account-profile-title">E-mail</h2>
      <p className="k-muted">Kassa mails you when the board decides on your account, before a direct debit and when something needs your attention.</p>
      {data ? (
        <ProfileFields email={data.email ?? ''} language={data.language} lowBalance={data.lowBalance} />
      ) : (
        <ListFallback error={error} isLoading={isLoading} loadingLabel="Loading your e-mail settings" onRetry={() => void refetch()} />
      )}
    </section>
  );
}

/** The low-balance mail's threshold offered when a member first switches it on. */
const LOW_BALANCE_START = 500;

function ProfileFields(initial: { email: string; language: MailLanguage; lowBalance: number | null }) {
  const [save, { isLoading }] = useSaveProfileMutation();
  const [email, setEmail] = useState(initial.email);
  const [language, setLanguage] = useState<MailLanguage>(initial.language);
  const [lowOn, setLowOn] = useState(initial.lowBalance !== null);
  const [lowText, setLowText] = useState(centsToInput(initial.lowBalance ?? LOW_BALANCE_START));
  const [lowError, setLowError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  /** A change of any field: the "saved" line goes, until the next save. */
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setSaved(false);
    };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    setServerError(null);
    // The contract's check (ProfileBody) before the server says the same; zod itself stays out of this remote's bundle.
    const address = email.trim();
    if (address !== '' && !EMAIL.test(address)) {
      setFieldError('Enter an e-mail address like lid@example.nl.');
      return;
    }
    setFieldError(null);
    const low = lowOn ? parseEuros(lowText, { zero: true }) : { cents: null };
    if ('error' in low) {
      setLowError(low.error);
      return;
    }
    setLowError(null);
    const result = await save({ email: address, language, lowBalance: low.cents });
    if (result.error) {
      setServerError(errorText(result.error));
      return;
    }
    setSaved(true);
  };

  return (
    <form className="k-stack" onSubmit={submit} noValidate>
      <TextField
        label="E-mail address"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => edit(setEmail)(e.target.value)}
        hint="Leave empty to get no mail; your messages stay listed here."
        error={fieldError ?? undefined}
      />
      <div className="k-field">
        <label className="k-field__label" htmlFor="profile-language">
          Language of the mails
        </label>
        <select id="profile-language" className="k-input" value={language} onChange={(e) => edit(setLanguage)(e.target.value as MailLanguage)}>
          {LANGUAGES.map((l) => (
            <option key={l.value} value={l.value}>
              {l.label}
            </option>
          ))}
        </select>
      </div>
      <label className="k-checkbox">
        <input type="checkbox" checked={lowOn} onChange={(e) => edit(setLowOn)(e.target.checked)} />
        <span>Mail me when a payment takes my balance below an amount</span>
      </label>
      {lowOn ? (
        <TextField
          label="Mail me below (€)"
          inputMode="decimal"
          value={lowText}
          onChange={(e) => edit(setLowText)(e.target.value)}
          hint="One mail each time your balance drops below it."
          error={lowError ?? undefined}
        />
      ) : null}
      <FormOutcome error={serverError} saved={saved ? 'Your e-mail settings are saved.' : null} />
      <div>
        <Button type="submit" variant="primary" disabled={isLoading}>
          Save e-mail settings
        </Button>
      </div>
    </form>
  );
}
