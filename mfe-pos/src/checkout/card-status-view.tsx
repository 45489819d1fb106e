import { Button, CheckIcon, CloseIcon, Modal, Money, Spinner } from '@kassa/ui';
import type { CardPhase, CardView } from './checkout-slice';

/** SPEC 4 "Card view texts". */
export function cardStatusText(phase: CardPhase): string {
  switch (phase) {
    case 'completed':
      return 'Payment successful!';
    case 'deleted':
    case 'cancelled':
      return 'Payment cancelled';
    case 'expired':
      return 'Payment expired';
    case 'error':
      return 'POS failed';
    default:
      return 'Waiting for payment...';
  }
}

const WAITING: ReadonlySet<CardPhase> = new Set(['loading', 'initializing', 'pending']);

/** Failed or unknown: the amount goes and "Try again" comes (SPEC 4). */
export const cardNeedsRetry = (phase: CardPhase) => !WAITING.has(phase) && phase !== 'completed';

export interface CardStatusModalProps {
  card: CardView;
  totalPrice: number;
  onCancel: () => void;
  onRetry: () => void;
  stackIndex?: number;
}

/** The wait modal of a card payment at a terminal; polling lives in the checkout thunks. */
export function CardStatusModal({ card, totalPrice, onCancel, onRetry, stackIndex }: CardStatusModalProps) {
  const retry = cardNeedsRetry(card.phase);
  const text = cardStatusText(card.phase);
  return (
    <Modal
      title="Card payment"
      stackIndex={stackIndex}
      onCancel={onCancel}
      actions={
        <>
          <Button size="lg" onClick={onCancel} disabled={card.phase === 'completed'}>
            Annuleer
          </Button>
          {retry ? (
            <Button size="lg" variant="primary" onClick={onRetry}>
              Try again
            </Button>
          ) : null}
        </>
      }
    >
      <div className={`till-card till-card--${retry ? 'failed' : card.phase === 'completed' ? 'completed' : 'waiting'}`}>
        <div className="till-card__icon" aria-hidden="true">
          {card.phase === 'completed' ? <CheckIcon /> : retry ? <CloseIcon /> : <Spinner size={48} label="Waiting" />}
        </div>
        <p className="till-card__status" role="status">
          {text}
          {card.phase === 'error' && card.error ? ` ${card.error}` : ''}
        </p>
        {card.phase !== 'error' && retry && card.error ? <p className="till-card__error">{card.error}</p> : null}
        {!retry ? <Money className="till-card__amount" cents={totalPrice} tone="plain" /> : null}
        {card.terminal ? <p className="k-muted till-card__terminal">{card.terminal.friendly_name}</p> : null}
      </div>
    </Modal>
  );
}
