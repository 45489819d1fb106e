import { IDEAL_MAX_AMOUNT } from '@kassa/contracts';
import { Button, formatMoney, TextField } from '@kassa/ui';
import { useState, type FormEvent } from 'react';
import { errorText } from '../shared/error-text';
import { FormOutcome } from '../shared/form-outcome';
import { useStartAccountUpgradeMutation } from './account-api';
import { parseEuroAmount } from './euro-amount';

/** Where the browser goes for the bank's page; replaceable in tests. */
export type Go = (url: string) => void;
const goToBank: Go = (url) => window.location.assign(url);

/** Online top-up (iDEAL): an amount in euros, then off to the bank; the account is credited when the bank confirms. */
export function TopUpForm({ minAmount, go = goToBank }: { minAmount: number; go?: Go }) {
  const [start, { isLoading }] = useStartAccountUpgradeMutation();
  const [text, setText] = useState('');
  const [checked, setChecked] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const parsed = parseEuroAmount(text, { min: minAmount, max: IDEAL_MAX_AMOUNT });
  const error = checked && 'error' in parsed ? parsed.error : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    setServerError(null);
    if ('error' in parsed) return;
    const result = await start({ amount: parsed.cents });
    if (result.error) {
      setServerError(errorText(result.error));
      return;
    }
    setLeaving(true);
    go(result.data.checkoutUrl);
  };

  return (
    <section id="top-up" className="k-card k-stack" aria-labelledby="account-topup-title">
      <h2 id="account-topup-title">Top up online</h2>
      <p className="k-muted">Pay with iDEAL through your own bank. The amount is on your account as soon as the bank confirms.</p>
      <form className="k-stack" onSubmit={submit} noValidate>
        <div className="account-topup__field">
          <TextField
            label="Amount in euros"
            inputMode="decimal"
            autoComplete="off"
            placeholder="10,00"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onBlur={() => text !== '' && setChecked(true)}
            error={error}
            hint={`At least ${formatMoney(minAmount)}.`}
          />
        </div>
        <FormOutcome error={serverError} />
        <div>
          <Button type="submit" variant="primary" disabled={isLoading || leaving}>
            {leaving ? 'Going to your bank…' : 'Top up with iDEAL'}
          </Button>
        </div>
      </form>
    </section>
  );
}
