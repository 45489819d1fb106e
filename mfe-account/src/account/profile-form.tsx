import type { MailLanguage } from '@kassa/contracts';
import { Button, ListFallback, TextField } from '@kassa/ui';
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
        <ProfileFields email={data.email ?? ''} language={data.language} />
      ) : (
        <ListFallback error={error} isLoading={isLoading} loadingLabel="Loading your e-mail settings" onRetry={() => void refetch()} />
      )}
    </section>
  );
}

function ProfileFields(initial: { email: string; language: MailLanguage }) {
  const [save, { isLoading }] = useSaveProfileMutation();
  const [email, setEmail] = useState(initial.email);
  const [language, setLanguage] = useState<MailLanguage>(initial.language);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

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
    const result = await save({ email: address, language });
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
        onChange={(e) => {
          setEmail(e.target.value);
          setSaved(false);
        }}
        hint="Leave empty to get no mail; your messages stay listed here."
        error={fieldError ?? undefined}
      />
      <div className="k-field">
        <label className="k-field__label" htmlFor="profile-language">
          Language of the mails
        </label>
        <select id="profile-language" className="k-input" value={language} onChange={(e) => setLanguage(e.target.value as MailLanguage)}>
          {LANGUAGES.map((l) => (
            <option key={l.value} value={l.value}>
              {l.label}
            </option>
          ))}
        </select>
      </div>
      <FormOutcome error={serverError} saved={saved ? 'Your e-mail settings are saved.' : null} />
      <div>
        <Button type="submit" variant="primary" disabled={isLoading}>
          Save e-mail settings
        </Button>
      </div>
    </form>
  );
}
