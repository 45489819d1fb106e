import { api, useAppDispatch, useAppSelector, type KassaError } from '@kassa/api-client';
import type { AccountUpgradeStatus } from '@kassa/contracts';
import { Button, CloseIcon, formatMoney, Spinner } from '@kassa/ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import { accountApi, useGetAccountUpgradeQuery } from './account-api';

/** How long the page asks every second before it slows down to every ten seconds (a bank that takes its time). */
const FAST_POLL_FOR_MS = 120_000;

const settled = (s: AccountUpgradeStatus | undefined) => s !== undefined && (s.credited || ['cancelled', 'expired', 'failed'].includes(s.status));

export function outcomeText(s: AccountUpgradeStatus): { tone: 'success' | 'error' | 'info'; text: string } {
  const amount = formatMoney(s.amount);
  if (s.credited) return { tone: 'success', text: `Top-up of ${amount} received` };
  switch (s.status) {
    case 'cancelled':
      return { tone: 'error', text: 'Payment cancelled' };
    case 'expired':
      return { tone: 'error', text: 'Payment expired' };
    case 'failed':
      return { tone: 'error', text: 'Payment failed' };
    case 'paid':
      return { tone: 'info', text: `Payment of ${amount} received, adding it to your account…` };
    default:
      return { tone: 'info', text: `Waiting for the bank to confirm the payment of ${amount}…` };
  }
}

/**
 * Back from the bank (/account?payment=…): asks how the top-up went until it is settled, then shows the outcome and
 * refreshes the balance and history once.
 */
export function PaymentOutcome({ paymentId, onDismiss }: { paymentId: string; onDismiss: () => void }) {
  const dispatch = useAppDispatch();
  const [slow, setSlow] = useState(false);
  // The cached answer decides whether to keep asking: once settled (or unknown), polling stops.
  const selectCached = useMemo(() => accountApi.endpoints.getAccountUpgrade.select(paymentId), [paymentId]);
  const cached = useAppSelector(selectCached);
  const done = settled(cached.data);
  const unknown = (cached.error as KassaError | undefined)?.status === 404;
  const { data, error, refetch } = useGetAccountUpgradeQuery(paymentId, { pollingInterval: done || unknown ? 0 : slow ? 10_000 : 1_000 });
  const refreshed = useRef(false);

  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), FAST_POLL_FOR_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (data?.credited && !refreshed.current) {
      refreshed.current = true;
      dispatch(api.util.invalidateTags(['SelfAccount']));
    }
  }, [data?.credited, dispatch]);

  let tone: 'success' | 'error' | 'info' = 'info';
  let text: string;
  if (data) {
    ({ tone, text } = outcomeText(data));
  } else if (error) {
    tone = 'error';
    text = unknown ? 'This payment is unknown.' : `The payment's status could not be loaded: ${(error as KassaError).message}`;
  } else {
    text = 'Checking your payment…';
  }

  return (
    <div className={`k-alert k-alert--${tone} account-outcome`} role={tone === 'error' ? 'alert' : 'status'}>
      {!done && !unknown ? <Spinner size={20} label="Checking the payment" /> : null}
      <span className="account-outcome__text">{text}</span>
      {slow && !done && !unknown ? (
        <Button variant="ghost" onClick={() => refetch()}>
          Check again
        </Button>
      ) : null}
      <Button variant="ghost" icon aria-label="Dismiss" onClick={onDismiss}>
        <CloseIcon />
      </Button>
    </div>
  );
}
