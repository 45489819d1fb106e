import { Button, Modal, Money, useCountdown, useDialogsOpen } from '@kassa/ui';
import type { ReactNode } from 'react';

/** SPEC 9: the price modal confirms by itself after 60 seconds. */
export const PRICE_MODAL_SECONDS = 60;

export interface PriceModalProps {
  title: string;
  text?: ReactNode;
  totalPrice: number;
  /** What the amount is ("Amount"; "Pay out" for money going to the customer). */
  amountLabel?: string;
  children?: ReactNode;
  /** Under the amount (the cash modal's change view). */
  after?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  stackIndex?: number;
}

/**
 * SPEC "Price modal": the amount to take, "Annuleer" and "Gereed (n)" counting down from 60; at 0 it confirms, and it
 * waits while an error dialog is open. Used by
 * Cash ("Contant"), card without a terminal ("PIN") and other ("Anders voldaan").
 */
export function PriceModal({ title, text, totalPrice, amountLabel = 'Amount', children, after, onConfirm, onCancel, stackIndex }: PriceModalProps) {
  // An error on top (the purchase was refused) stops the countdown: it must not confirm again behind the error.
  const remaining = useCountdown(PRICE_MODAL_SECONDS, onConfirm, !useDialogsOpen());
  return (
    <Modal
      title={title}
      stackIndex={stackIndex}
      onCancel={onCancel}
      actions={
        <>
          <Button size="lg" onClick={onCancel}>
            Annuleer
          </Button>
          <Button size="lg" variant="primary" onClick={onConfirm} autoFocus>
            Gereed ({remaining})
          </Button>
        </>
      }
    >
      <div className="till-price">
        {text ? <p className="till-price__text">{text}</p> : null}
        {children}
        <div className="till-price__amount">
          <span className="till-price__label">{amountLabel}</span>
          <Money cents={totalPrice} tone="plain" />
        </div>
        {after}
      </div>
    </Modal>
  );
}
