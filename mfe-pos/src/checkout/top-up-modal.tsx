import { Button, Modal, Money } from '@kassa/ui';
import { useState } from 'react';
import { stepTotal, TOP_UP_BUTTONS, topUpLabel } from './top-up';

export interface TopUpModalProps {
  /** The cart's products total. */
  original: number;
  onNext: (amount: number) => void;
  onCancel: () => void;
  stackIndex?: number;
}

/** SPEC "Top-up": the customer pays a rounder amount and the rest goes onto an account. */
export function TopUpModal({ original, onNext, onCancel, stackIndex }: TopUpModalProps) {
  const [total, setTotal] = useState(original);
  const amount = total - original;
  return (
    <Modal
      title="Top-up"
      size="md"
      stackIndex={stackIndex}
      onCancel={onCancel}
      actions={
        <>
          <Button size="lg" onClick={onCancel}>
            Annuleer
          </Button>
          <Button size="lg" variant="primary" disabled={amount <= 0} onClick={() => onNext(amount)}>
            Volgende
          </Button>
        </>
      }
    >
      <dl className="till-topup">
        <dt>Origineel totaalbedrag:</dt>
        <dd>
          <Money cents={original} tone="plain" />
        </dd>
        <dt>Nieuw totaalbedrag:</dt>
        <dd className="till-topup__new" data-testid="top-up-new-total">
          <Money cents={total} tone="plain" />
        </dd>
        <dt>Opwaarderen met:</dt>
        <dd data-testid="top-up-amount">
          <Money cents={amount} />
        </dd>
      </dl>
      <div className="till-topup__buttons">
        {TOP_UP_BUTTONS.map((delta) => (
          <Button
            key={delta}
            size="lg"
            variant={delta > 0 ? 'positive' : 'default'}
            disabled={delta < 0 && total <= original}
            onClick={() => setTotal((t) => stepTotal(t, original, delta))}
          >
            {topUpLabel(delta)}
          </Button>
        ))}
      </div>
    </Modal>
  );
}
