import { useAppDispatch, useAppSelector } from '@kassa/api-client';
import type { TransactionStatus } from '@kassa/contracts';
import { Money, Spinner } from '@kassa/ui';
import { selectPendingCard, type CardPhase } from '../checkout/checkout-slice';
import { pendingBarClicked } from '../checkout/card-payment';
import type { TillEffects } from '../checkout/till-effects';
import { memo } from 'react';

const FAILED_MESSAGES: Partial<Record<TransactionStatus, string>> = {
  expired: 'Payment has expired',
  cancelled: 'Payment has been cancelled',
  deleted: 'Payment has been deleted',
};

/** SPEC 8 status messages of a card payment that did not go through. */
export function failureText(phase: CardPhase, error: string | null): string {
  if (phase === 'error') return `POS failed ${error ?? 'Unknown error'}`;
  return FAILED_MESSAGES[phase as TransactionStatus] ?? 'Something went wrong';
}

type Tone = 'waiting' | 'completed' | 'failed';

const toneOf = (phase: CardPhase): Tone =>
  phase === 'completed' ? 'completed' : phase === 'loading' || phase === 'initializing' || phase === 'pending' ? 'waiting' : 'failed';

/**
 * SPEC "Pending card transaction bar": blue with a spinner while the terminal waits, green when completed, red when
 * failed; a failed bar gives the cart back when clicked.
 */
export const PendingCardBar = memo(function PendingCardBar({ effects }: { effects: TillEffects }) {
  const dispatch = useAppDispatch();
  const pending = useAppSelector(selectPendingCard);
  if (!pending) return null;
  const tone = toneOf(pending.phase);
  const body = (
    <>
      {tone === 'waiting' ? <Spinner size={24} label="Waiting for payment" /> : null}
      {tone === 'failed' ? (
        <>
          <Money cents={pending.amount} tone="plain" className="till-pending__amount" />
          <span className="till-pending__text">
            Transaction failed, please try again! {failureText(pending.phase, pending.error)}
          </span>
        </>
      ) : (
        <>
          <Money cents={pending.amount} tone="plain" className="till-pending__amount" />
          <span className="till-pending__text">{pending.terminal?.friendly_name ?? 'Card terminal'}</span>
          {tone === 'completed' ? <span className="till-pending__text">Payment successful!</span> : null}
        </>
      )}
      {tone === 'failed' ? <span className="till-pending__hint">Tap to put the cart back</span> : null}
    </>
  );
  if (tone === 'failed') {
    return (
      <button type="button" className="till-pending till-pending--failed" onClick={() => void dispatch(pendingBarClicked(effects))}>
        {body}
      </button>
    );
  }
  return (
    <div className={`till-pending till-pending--${tone}`} role="status">
      {body}
    </div>
  );
});
