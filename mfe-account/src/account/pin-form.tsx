import { Button, TextField } from '@kassa/ui';
import { useState, type FormEvent } from 'react';
import { errorText } from '../shared/error-text';
import { FormOutcome } from '../shared/form-outcome';
import { PinFields } from '../shared/pin-fields';
import { pinErrors } from '../shared/pin-rules';
import { useSetOwnPinMutation } from './account-api';

/**
 * Sets or changes the PIN for paying at the bar; the checks and messages of SPEC 5, as you type after a first try. A
 * PIN that is set is changed with the current PIN or the password (the server insists).
 */
export function PinForm({ hasPin, required }: { hasPin: boolean; required: boolean }) {
  const [setPin, { isLoading }] = useSetOwnPinMutation();
  const [pin, setPinValue] = useState('');
  const [repeat, setRepeat] = useState('');
  const [current, setCurrent] = useState('');
  const [checked, setChecked] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const errors = pinErrors(pin, repeat);
  const shown = checked ? errors : { pin: null, repeat: null };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    setSaved(false);
    setServerError(null);
    if (errors.pin || errors.repeat || (hasPin && current.trim() === '')) return;
    const result = await setPin(hasPin ? { pin, current } : { pin });
    if (result.error) {
      setServerError(errorText(result.error));
      return;
    }
    setPinValue('');
    setRepeat('');
    setCurrent('');
    setChecked(false);
    setSaved(true);
  };

  const title = hasPin ? 'Change PIN code' : 'Set a PIN code';
  return (
    <section id="pin" className="k-card k-stack" aria-labelledby="account-pin-title">
      <h2 id="account-pin-title">{title}</h2>
      {required ? (
        <div className="k-alert k-alert--info" role="status">
          Set a PIN code before you continue: you need it to pay with your account at the bar.
        </div>
      ) : (
        <p className="k-muted">You enter this PIN at the bar when you pay with your account.</p>
      )}
      <form className="k-stack" onSubmit={submit} noValidate>
        {hasPin ? (
          <TextField
            label="Current PIN code or password"
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
            error={checked && current.trim() === '' ? 'Enter your current PIN code or your password.' : undefined}
          />
        ) : null}
        <PinFields
          pin={pin}
          repeat={repeat}
          onPin={(v) => {
            setPinValue(v);
            setSaved(false);
          }}
          onRepeat={setRepeat}
          errors={shown}
          pinLabel={hasPin ? 'New PIN code' : 'PIN code'}
        />
        <FormOutcome error={serverError} saved={saved ? 'Your PIN code is saved.' : null} />
        <div>
          <Button type="submit" variant="primary" disabled={isLoading}>
            Save PIN code
          </Button>
        </div>
      </form>
    </section>
  );
}
