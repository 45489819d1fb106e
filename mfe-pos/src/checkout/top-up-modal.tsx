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

/**
 * SPEC "Top-up": the customer pays a rounder amount and the rest goes onto an account. The server takes top-ups in
 * whole euros only, so an amount with cents cannot go on (docs/decisions.md).
 */
export function TopUpModal({ original, onNext, onCancel, stackIndex }: TopUpModalProps) {
  const [total, setTotal] = useState(original);
  const amount = total - original;
  const wholeEuros = amount % 100 === 0;
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
          <Button size="lg" variant="primary" disabled={amount <= 0 || !wholeEuros} onClick={() => onNext(amount)}>
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
      {amount > 0 && !wholeEuros ? <p className="k-field__error">Top-ups are whole euros.</p> : null}
    </Modal>
  );
}
