import { useConfig } from '@kassa/api-client';
import { Button, TERMS_POINTS, TextField } from '@kassa/ui';
import { useState, type FormEvent } from 'react';
import { errorText } from '../shared/error-text';
import { PinFields } from '../shared/pin-fields';
import { pinErrors } from '../shared/pin-rules';
import { bicError, bicTypingError, ibanError, ibanTypingError } from '@kassa/contracts/sepa';
import { useRequestAccountMutation } from './setup-api';
import { SEPA_MANDATE_TEXT } from './terms';

type Field = 'name' | 'pin' | 'iban' | 'bic' | 'terms';
const NAME_REQUIRED = 'Please enter your name.';
const TERMS_REQUIRED = 'Please accept the terms and conditions.';

/**
 * The account request: the name staff will find at the bar, a PIN, prepaid or credit (direct debit, with IBAN, BIC
 * and the SEPA mandate), and the terms. IBAN and BIC are checked as they are typed; the other fields once left.
 */
export function RequestForm({ onRequested }: { onRequested?: () => void }) {
  const [requestAccount, { isLoading }] = useRequestAccountMutation();
  // Prefilled with the name the user goes by (single sign-on gives it); they may change it to what staff know them by.
  const displayName = useConfig()?.user.displayName ?? '';
  const [name, setName] = useState(displayName);
  const [pin, setPin] = useState('');
  const [repeat, setRepeat] = useState('');
  const [credit, setCredit] = useState(false);
  const [iban, setIban] = useState('');
  const [bic, setBic] = useState('');
  const [terms, setTerms] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const touch = (field: Field) => setTouched((t) => ({ ...t, [field]: true }));
  const full = (field: Field) => submitted || touched[field] === true;
  const pins = pinErrors(pin, repeat);
  const errors = {
    name: name.trim() === '' ? NAME_REQUIRED : null,
    pin: pins.pin,
    repeat: pins.repeat,
    iban: credit ? ibanError(iban) : null,
    bic: credit ? bicError(bic) : null,
    terms: terms ? null : TERMS_REQUIRED,
  };
  const shown = {
    name: full('name') ? errors.name : null,
    pin: full('pin') ? errors.pin : null,
    repeat: submitted || (touched.pin && repeat !== '') ? errors.repeat : null,
    iban: credit ? (full('iban') ? errors.iban : ibanTypingError(iban)) : null,
    bic: credit ? (full('bic') ? errors.bic : bicTypingError(bic)) : null,
    terms: submitted ? errors.terms : null,
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (Object.values(errors).some((m) => m !== null)) return;
    const result = await requestAccount({
      name: name.trim(),
      pin,
      creditAccount: credit,
      ...(credit ? { iban: iban.trim(), bic: bic.trim() } : {}),
      acceptTerms: true,
    });
    if (result.error) {
      setServerError(errorText(result.error));
      return;
    }
    onRequested?.();
  };

  return (
    <form className="k-stack setup-form" onSubmit={submit} noValidate aria-label="Account request">
      <section className="k-card k-stack">
        <h2>About you</h2>
        <div className="setup-form__name">
          <TextField
            label="Your name"
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            onBlur={() => touch('name')}
            error={shown.name}
            hint="Bar staff find your account by this name."
          />
        </div>
        <PinFields pin={pin} repeat={repeat} onPin={setPin} onRepeat={setRepeat} onBlur={() => touch('pin')} errors={{ pin: shown.pin, repeat: shown.repeat }} />
      </section>

      <section className="k-card k-stack">
        <h2>Kind of account</h2>
        <fieldset className="setup-choice">
          <legend className="k-visually-hidden">Kind of account</legend>
          <label className={`setup-choice__option${credit ? '' : ' setup-choice__option--on'}`}>
            <input type="radio" name="kind" value="prepaid" checked={!credit} onChange={() => setCredit(false)} />
            <span>
              <strong>Prepaid</strong>
              <span className="k-muted">Top up first (online or at the bar), then pay from your balance.</span>
            </span>
          </label>
          <label className={`setup-choice__option${credit ? ' setup-choice__option--on' : ''}`}>
            <input type="radio" name="kind" value="credit" checked={credit} onChange={() => setCredit(true)} />
            <span>
              <strong>Credit (direct debit)</strong>
              <span className="k-muted">Pay afterwards: a negative balance is collected from your bank account each month.</span>
            </span>
          </label>
        </fieldset>
        {credit ? (
          <div className="k-stack">
            <div className="k-row setup-form__bank">
              <TextField
                label="IBAN"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                placeholder="NL91 ABNA 0417 1643 00"
                value={iban}
                onChange={(e) => setIban(e.target.value)}
                onBlur={() => touch('iban')}
                error={shown.iban}
              />
              <TextField
                label="BIC"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                placeholder="ABNANL2A"
                value={bic}
                onChange={(e) => setBic(e.target.value)}
                onBlur={() => touch('bic')}
                error={shown.bic}
              />
            </div>
            <div className="setup-mandate">
              <h3>SEPA direct debit mandate</h3>
              <p>{SEPA_MANDATE_TEXT}</p>
            </div>
          </div>
        ) : null}
      </section>

      <section className="k-card k-stack">
        <h2>Terms and conditions</h2>
        <ul className="setup-terms">
          {TERMS_POINTS.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
        <label className="k-checkbox">
          <input type="checkbox" checked={terms} onChange={(e) => setTerms(e.target.checked)} aria-invalid={shown.terms ? true : undefined} />
          <span>I accept the terms and conditions{credit ? ' and the direct debit mandate' : ''}.</span>
        </label>
        {shown.terms ? <span className="k-field__error">{shown.terms}</span> : null}
      </section>

      {serverError ? (
        <div className="k-alert k-alert--error" role="alert" style={{ whiteSpace: 'pre-line' }}>
          {serverError}
        </div>
      ) : null}
      <div>
        <Button type="submit" variant="primary" size="lg" disabled={isLoading}>
          Request account
        </Button>
      </div>
    </form>
  );
}
