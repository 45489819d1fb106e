import { useAppDispatch, useAppSelector, useCapabilities, useGetSelfAccountQuery, useHasCapabilities, useRefreshMs } from '@kassa/api-client';
import type { CheckoutMethod } from '@kassa/contracts';
import { Button, CloseIcon, DateText, Money } from '@kassa/ui';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import { selectCheckoutBusy, selectPendingCard } from '../checkout/checkout-slice';
import { startCheckout } from '../checkout/checkout-steps';
import { changeCart } from '../checkout/order-lock';
import type { TillEffects } from '../checkout/till-effects';
import { startTopUp } from '../checkout/top-up';
import {
  depositOf,
  productAdded,
  productRemoved,
  returnAdded,
  returnModeSet,
  returnRemoved,
  selectEntries,
  selectReturnMode,
  selectReturns,
  selectTopUp,
  selectTotal,
  topUpCleared,
  type CartEntry,
} from '../cart/cart-slice';
import { checkoutButtons, PAY_SHORTCUTS, topUpAvailable } from '../checkout/checkout-rules';

/** SPEC "Cart panel". */
export const CartPanel = memo(function CartPanel({ effects, onClose }: { effects: TillEffects; onClose?: () => void }) {
  const dispatch = useAppDispatch();
  const entries = useAppSelector(selectEntries);
  const returns = useAppSelector(selectReturns);
  const returnMode = useAppSelector(selectReturnMode);
  const mayReturn = useHasCapabilities('DEPOSIT_RETURN');
  const topUp = useAppSelector(selectTopUp);
  const total = useAppSelector(selectTotal);
  const busy = useAppSelector(selectCheckoutBusy);
  const pending = useAppSelector(selectPendingCard);
  const capabilities = useCapabilities();
  const selfPay = useHasCapabilities('PAYMENT_ACCOUNT_SELF');
  const refreshMs = useRefreshMs();
  const { data: self } = useGetSelfAccountQuery(undefined, { skip: !selfPay, pollingInterval: refreshMs });
  const cardBusy = pending !== null && (pending.phase === 'loading' || pending.phase === 'initializing' || pending.phase === 'pending');
  const buttons = checkoutButtons(capabilities, { hasProducts: entries.length > 0, hasTopUp: topUp !== null, hasReturns: returns.length > 0, total }, self, { cardBusy });
  const canTopUp = topUpAvailable(capabilities);
  // Say why "Pay with your account" cannot be used, and where to fix it (a member at the bar, phone in hand).
  const tooLittle = selfPay && self && !self.creditAccount && entries.length > 0 && topUp === null && total > self.balance;

  const pay = (method: CheckoutMethod) => dispatch(startCheckout(method, effects));
  // Return mode: the next taps on the grid are packaging brought back; on a phone the cart makes way for the grid.
  const toggleReturnMode = () => {
    if (dispatch(changeCart(returnModeSet(!returnMode))) && !returnMode) onClose?.();
  };
  const payOut = total < 0;

  return (
    <div className="till-cart">
      <div className="till-cart__header">
        <h2 className="till-cart__title">Cart</h2>
        {onClose ? (
          <Button variant="ghost" icon aria-label="Close cart" onClick={onClose}>
            <CloseIcon />
          </Button>
        ) : null}
      </div>
      <div className="till-cart__lines">
        {entries.length === 0 && returns.length === 0 && !topUp ? <p className="k-empty till-cart__empty">Tap a product to add it.</p> : null}
        {entries.length > 0 || returns.length > 0 ? (
          <table className="till-cart__table">
            <tbody>
              {entries.map((e) => (
                <CartLine key={e.product.id} entry={e} />
              ))}
              {returns.map((e) => (
                <ReturnLine key={`return-${e.product.id}`} entry={e} />
              ))}
            </tbody>
          </table>
        ) : null}
        {topUp ? (
          <div className="till-cart__topup" data-testid="cart-top-up">
            <span className="till-cart__topup-label">Top-up {topUp.accountName}</span>
            <Money cents={topUp.amount} tone="plain" />
            <Button variant="ghost" icon aria-label="Clear top-up" onClick={() => dispatch(topUpCleared())} disabled={busy}>
              <CloseIcon />
            </Button>
          </div>
        ) : null}
      </div>
      <div className="till-cart__footer">
        <div className="till-cart__total">
          <span>{payOut ? 'Pay out' : 'Total'}</span>
          <span className="till-cart__total-amount" data-testid="cart-total">
            <Money cents={payOut ? -total : total} tone="plain" />
          </span>
        </div>
        {selfPay && self ? (
          <div className="till-cart__info">
            <div className="till-cart__info-line" data-testid="own-balance">
              <span>
                Your balance
                {self.creditAccount ? <span className="k-tag k-tag--info till-cart__credit">credit</span> : null}
              </span>
              <Money cents={self.balance} />
            </div>
            {self.sepa ? (
              <div className="till-cart__info-line" data-testid="direct-debit-due">
                <span>
                  Direct debit on <DateText value={self.sepa.execDate} />
                </span>
                <Money cents={self.sepa.balance} tone="plain" />
              </div>
            ) : null}
          </div>
        ) : null}
        <div className="till-cart__buttons">
          {buttons.map((b) => {
            const key = PAY_SHORTCUTS[b.method];
            return (
              <Button
                key={b.method}
                size="lg"
                variant={b.method === 'self' ? 'primary' : 'default'}
                className={`till-pay till-pay--${b.method}`}
                disabled={b.disabled || busy}
                aria-describedby={b.method === 'self' && tooLittle ? 'till-self-why' : undefined}
                aria-keyshortcuts={key}
                onClick={() => pay(b.method)}
              >
                {b.label}
                {key ? (
                  <kbd className="till-pay__key" aria-hidden="true">
                    {key}
                  </kbd>
                ) : null}
              </Button>
            );
          })}
          {tooLittle ? (
            <p className="till-cart__why" id="till-self-why" data-testid="self-pay-why">
              Balance too low: <Money cents={self.balance} tone="plain" />. <Link to="/account#top-up">Top up your account</Link>
            </p>
          ) : null}
          {mayReturn ? (
            <Button
              size="lg"
              variant={returnMode ? 'primary' : 'default'}
              className="till-pay till-pay--deposit-return"
              aria-pressed={returnMode}
              disabled={busy}
              onClick={toggleReturnMode}
            >
              {returnMode ? 'Returns: on' : 'Deposit return'}
            </Button>
          ) : null}
          {canTopUp ? (
            <Button size="lg" variant="positive" className="till-pay till-pay--top-up" disabled={topUp !== null || busy} onClick={() => dispatch(startTopUp(effects))}>
              Top-up
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
});

const CartLine = memo(function CartLine({ entry }: { entry: CartEntry }) {
  const dispatch = useAppDispatch();
  const { product, count, unavailable } = entry;
  const onMinus = () => dispatch(changeCart(productRemoved(product.id)));
  const onPlus = () => dispatch(changeCart(productAdded(product)));
  return (
    <tr className={unavailable ? 'till-line till-line--unavailable' : 'till-line'} aria-invalid={unavailable || undefined}>
      <td className="till-line__adjust">
        <Button icon aria-label={`One ${product.name} less`} onClick={onMinus}>
          −
        </Button>
        <span className="till-line__count">{count}</span>
        <Button icon aria-label={`One ${product.name} more`} onClick={onPlus}>
          +
        </Button>
      </td>
      <td className="till-line__name">
        {product.name}
        {product.deposit ? <span className="till-line__deposit">Statiegeld: return the empty packaging</span> : null}
        {depositOf(product) > 0 ? (
          <span className="till-line__deposit-amount" data-testid="cart-deposit">
            + deposit {count} × <Money cents={depositOf(product)} tone="plain" /> = <Money cents={depositOf(product) * count} tone="plain" />
          </span>
        ) : null}
        {unavailable ? <span className="till-line__unavailable">Not for sale anymore: take it off</span> : null}
      </td>
      <td className="till-line__price">
        <Money cents={(product.price + depositOf(product)) * count} tone="plain" />
      </td>
    </tr>
  );
});

/** Packaging brought back: a negative line of the deposit only. */
const ReturnLine = memo(function ReturnLine({ entry }: { entry: CartEntry }) {
  const dispatch = useAppDispatch();
  const { product, count } = entry;
  return (
    <tr className="till-line till-line--return" data-testid="cart-return">
      <td className="till-line__adjust">
        <Button icon aria-label={`One ${product.name} returned less`} onClick={() => dispatch(changeCart(returnRemoved(product.id)))}>
          −
        </Button>
        <span className="till-line__count">{count}</span>
        <Button icon aria-label={`One ${product.name} returned more`} onClick={() => dispatch(changeCart(returnAdded(product)))}>
          +
        </Button>
      </td>
      <td className="till-line__name">
        <span className="till-line__return-tag">Deposit return</span> {product.name}
        <span className="till-line__deposit-amount">
          {count} × <Money cents={depositOf(product)} tone="plain" /> back
        </span>
      </td>
      <td className="till-line__price">
        <Money cents={-depositOf(product) * count} tone="plain" />
      </td>
    </tr>
  );
});
