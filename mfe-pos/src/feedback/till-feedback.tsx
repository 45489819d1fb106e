import { useAppDispatch, useAppSelector } from '@kassa/api-client';
import { CheckIcon, Snackbar } from '@kassa/ui';
import { useEffect } from 'react';
import { productRemoved } from '../cart/cart-slice';
import { undoSale, type TillEffects } from '../checkout/checkout-thunks';
import { checkmarkDone, noticeClosed, selectCheckmark, selectNotice } from './feedback-slice';

/** SPEC 9: the checkmark appears after 200 ms and stays 1300 ms. */
export const CHECKMARK_DELAY_MS = 200;
export const CHECKMARK_MS = 1300;

/** The till's snackbar (product added, sale confirmed with Undo, undone) and the checkmark after a purchase. */
export function TillFeedback({ effects }: { effects: TillEffects }) {
  const dispatch = useAppDispatch();
  const notice = useAppSelector(selectNotice);
  const checkmark = useAppSelector(selectCheckmark);

  useEffect(() => {
    if (!checkmark) return undefined;
    const id = setTimeout(() => dispatch(checkmarkDone(checkmark.id)), CHECKMARK_DELAY_MS + CHECKMARK_MS);
    return () => clearTimeout(id);
  }, [checkmark, dispatch]);

  const action = notice?.action ?? null;
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
      {notice ? (
        <Snackbar
          key={notice.id}
          open
          text={notice.text}
          duration={notice.duration}
          onClose={() => dispatch(noticeClosed(notice.id))}
          {...(action
            ? {
                actionLabel: action.label,
                onAction: () => {
                  if (action.kind === 'remove-product') dispatch(productRemoved(action.productId));
                  else void dispatch(undoSale(action.transactionId, effects));
                },
              }
            : {})}
        />
      ) : null}
    </>
  );
}
