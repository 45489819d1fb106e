import { useAppDispatch, useAppStore, useCapabilities } from '@kassa/api-client';
import { useEffect } from 'react';
import { selectCart, selectTotal } from '../cart/cart-slice';
import { checkoutButtons, shortcutMethod } from '../checkout/checkout-rules';
import { selectPendingCard } from '../checkout/checkout-slice';
import { startCheckout } from '../checkout/checkout-steps';
import type { TillEffects } from '../checkout/till-effects';

const modalOpen = () => document.body.querySelector(':scope > .k-modal-backdrop') !== null;

/**
 * The pay buttons' keyboard shortcuts (checkout-rules PAY_SHORTCUTS): a key does what a tap on its button does, when
 * the button is there and enabled and no dialog is open (a dialog's own keys go first). The keys never reach the
 * browser (F1 help, F3 find), whether they pay or not.
 */
export function usePayShortcuts(effects: TillEffects): void {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const capabilities = useCapabilities();
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || e.shiftKey) return;
      const method = shortcutMethod(e.key);
      if (!method) return;
      e.preventDefault();
      if (e.repeat || modalOpen()) return;
      const state = store.getState();
      const cart = selectCart(state);
      const pending = selectPendingCard(state);
      const cardBusy = pending !== null && (pending.phase === 'loading' || pending.phase === 'initializing' || pending.phase === 'pending');
      const facts = { hasProducts: cart.entries.length > 0, hasTopUp: cart.topUp !== null, total: selectTotal(state) };
      const button = checkoutButtons(capabilities, facts, null, { cardBusy }).find((b) => b.method === method);
      if (!button || button.disabled) return;
      dispatch(startCheckout(method, effects));
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [capabilities, dispatch, effects, store]);
}
