import { PAYOUT_MESSAGES, type MemberPayout } from '@kassa/contracts';
import { ibanError, ibanTypingError } from '@kassa/contracts/sepa';
import { Button, ConfirmModal, formatDate, formatMoney, ListFallback, TextField } from '@kassa/ui';
import { useState, type FormEvent } from 'react';
import { errorText } from '../shared/error-text';
import { FormOutcome } from '../shared/form-outcome';
import { useAskPayoutMutation, useGetOwnPayoutQuery, useWithdrawPayoutMutation } from './account-api';

/**
 * Leaving (issue 48 §4): the member asks for their balance to an IBAN in their own name, or gives it to the
 * association. Two board members approve it (the account then takes no purchases), the treasurer sends the transfer,
 * and the account is closed at € 0,00. Shown when there is money to pay out or a request to follow.
 */
export function PayoutSection({ balance, name }: { balance: number; name: string }) {
  const { data, error, isLoading, refetch } = useGetOwnPayoutQuery();
  if (data === undefined) {
    return error ? <ListFallback error={error} isLoading={isLoading} loadingLabel="Loading your payout" onRetry={() => void refetch()} /> : null;
  }
  const open = data && (data.state === 'requested' || data.state === 'approved' || data.state === 'in_file');
  if (!open && data?.state !== 'booked' && balance <= 0) return null;
  return (
    <section id="payout" className="k-card k-stack" aria-labelledby="account-payout-title">
      <h2 id="account-payout-title">Leaving? Pay out your balance</h2>
      {data && (open || data.state === 'booked') ? <PayoutState payout={data} /> : <PayoutForm balance={balance} name={name} />}
    </section>
  );
}

function PayoutState({ payout }: { payout: NonNullable<MemberPayout> }) {
  const [withdraw, { isLoading }] = useWithdrawPayoutMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const where = payout.donate ? 'to the association' : `to ${payout.iban} (${payout.holder})`;
  const line =
    payout.state === 'requested'
      ? `Requested on ${formatDate(payout.requestedAt)}: waiting for the board. Your balance goes ${where}.`
      : payout.state === 'booked'
        ? `Paid out on ${formatDate(payout.bookedAt ?? payout.requestedAt)}: ${formatMoney(payout.amount ?? 0)} ${payout.donate ? 'donated to the association' : where}. Your account is closed.`
        : `Approved: your account is frozen until your balance is paid ${where}; then it is closed.`;
  return (
    <>
      <p role="status">{line}</p>
      <FormOutcome error={problem} />
      {payout.state === 'requested' ? (
        <div>
          <Button
            disabled={isLoading}
            onClick={async () => {
              const result = await withdraw();
              setProblem(result.error ? errorText(result.error) : null);
            }}
          >
            Withdraw request
          </Button>
        </div>
      ) : null}
    </>
  );
}

function PayoutForm({ balance, name }: { balance: number; name: string }) {
  const [ask, { isLoading }] = useAskPayoutMutation();
  const [donate, setDonate] = useState(false);
  const [iban, setIban] = useState('');
  const [holder, setHolder] = useState(name);
  const [errors, setErrors] = useState<{ iban: string | null; holder: string | null }>({ iban: null, holder: null });
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    if (!donate) {
      const next = { iban: ibanError(iban), holder: holder.trim() ? null : PAYOUT_MESSAGES.holderRequired };
      setErrors(next);
      if (next.iban || next.holder) return;
    }
    setConfirming(true);
  };
  const send = async () => {
    setConfirming(false);
    const result = await ask(donate ? { donate: true } : { donate: false, iban, holder: holder.trim() });
    if (result.error) setProblem(errorText(result.error));
  };

  return (
    <form className="k-stack" onSubmit={submit} noValidate>
      <p className="k-muted">
        You have {formatMoney(balance)} on your account. Ask for it when you leave: the board approves it, the treasurer transfers it, and your account is
        closed.
      </p>
      <div className="k-stack" role="radiogroup" aria-label="What to do with your balance">
        <label className="k-checkbox">
          <input type="radio" name="payout-kind" checked={!donate} onChange={() => setDonate(false)} />
          <span>Transfer to my bank account</span>
        </label>
        <label className="k-checkbox">
          <input type="radio" name="payout-kind" checked={donate} onChange={() => setDonate(true)} />
          <span>Donate my balance to the association</span>
        </label>
      </div>
      {donate ? null : (
        <>
          <TextField
            label="IBAN"
            autoComplete="off"
            value={iban}
            onChange={(e) => {
              setIban(e.target.value);
              setErrors((x) => ({ ...x, iban: ibanTypingError(e.target.value) }));
            }}
            hint="The IBAN must be in your own name."
            error={errors.iban ?? undefined}
          />
          <TextField
            label="Account holder"
            autoComplete="name"
            value={holder}
            maxLength={70}
            onChange={(e) => {
              setHolder(e.target.value);
              if (e.target.value.trim()) setErrors((x) => ({ ...x, holder: null }));
            }}
            error={errors.holder ?? undefined}
          />
        </>
      )}
      <FormOutcome error={problem} />
      <div>
        <Button type="submit" variant="primary" disabled={isLoading}>
          Ask for payout
        </Button>
      </div>
      {confirming ? (
        <ConfirmModal title="Ask for your payout" variant="primary" confirmLabel="Ask for payout" onConfirm={() => void send()} onCancel={() => setConfirming(false)}>
          <p>
            {donate ? `Your balance of ${formatMoney(balance)} goes to the association.` : `Your balance, now ${formatMoney(balance)}, is transferred to ${iban.trim()} (${holder.trim()}).`} Once the board
            approves it you cannot buy with this account any more, and it is closed when paid out.
          </p>
        </ConfirmModal>
      ) : null}
    </form>
  );
}
