import { useAppDispatch, useAppSelector } from '@kassa/api-client';
import { CheckIcon, Snackbar } from '@kassa/ui';
import { memo, useEffect } from 'react';
import { productRemoved } from '../cart/cart-slice';
import { changeCart } from '../checkout/order-lock';
import type { TillEffects } from '../checkout/till-effects';
import { undoSale } from '../checkout/undo-sale';
import { undoWaitingSale } from '../recent-sales/recent-sales-thunks';
import { checkmarkDone, noticeClosed, saleClosed, selectCheckmark, selectNotice, selectSale, type Notice } from '../feedback/feedback-slice';

/** SPEC 9: the checkmark appears after 200 ms and stays 1300 ms. */
export const CHECKMARK_DELAY_MS = 200;
export const CHECKMARK_MS = 1300;

/**
 * The till's feedback in its status strip (till-page.tsx), never over a control: the last sale with its undo, and a
 * product added with its own; and the checkmark after a purchase (taps go through it).
 */
export const TillFeedback = memo(function TillFeedback({ effects }: { effects: TillEffects }) {
  const dispatch = useAppDispatch();
  const sale = useAppSelector(selectSale);
  const notice = useAppSelector(selectNotice);
  const checkmark = useAppSelector(selectCheckmark);

  useEffect(() => {
    if (!checkmark) return undefined;
    const id = setTimeout(() => dispatch(checkmarkDone(checkmark.id)), CHECKMARK_DELAY_MS + CHECKMARK_MS);
    return () => clearTimeout(id);
  }, [checkmark, dispatch]);

  const snackbar = (n: Notice, onClose: () => void) => {
    const action = n.action;
    return (
      <Snackbar
        key={n.id}
        open
        inline
        text={n.text}
        duration={n.duration}
        onClose={onClose}
        {...(action
          ? {
              actionLabel: action.label,
              // A card sale's Undo asks about the refund first: the sale stays in the strip if that is cancelled.
              closeOnAction: !(action.kind === 'undo-sale' && action.refund !== undefined),
              onAction: () => {
                if (action.kind === 'remove-product') dispatch(changeCart(productRemoved(action.productId)));
                else if (action.kind === 'undo-offline') void dispatch(undoWaitingSale(action.key, effects));
                else void dispatch(undoSale(action.transactionId, effects, action.refund));
              },
            }
          : {})}
      />
    );
  };

  return (
    <>
      {checkmark ? (
        <div key={checkmark.id} className="till-check" role="status" aria-live="polite">
          <div className="till-check__badge">
            <CheckIcon />
          </div>
          <p className="till-check__text">{checkmark.text}</p>
        </div>
      ) : null}
      {sale ? <div className="till-status__sale" role="group" aria-label="Last sale">{snackbar(sale, () => dispatch(saleClosed(sale.id)))}</div> : null}
      {notice ? <div className="till-status__notice" role="group" aria-label="Product added">{snackbar(notice, () => dispatch(noticeClosed(notice.id)))}</div> : null}
    </>
  );
});
