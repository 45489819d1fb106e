import { useAppDispatch, useAppSelector, useAppStore, useHasCapabilities, useCapabilities, useRefreshMs } from '@kassa/api-client';
import type { Product } from '@kassa/contracts';
import { Button, LoadingArea, describeError, formatMoney, useMediaQuery, type ErrorLike } from '@kassa/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useGetTillAccountsQuery } from '../accounts/accounts-api';
import { useCardReader } from '../card-reader/use-card-reader';
import { CartPanel } from './cart-panel';
import { productAdded, returnAdded, returnModeSet, selectCart, selectReturnMode } from '../cart/cart-slice';
import { useGetReasonsQuery } from '../checkout/checkout-api';
import { CheckoutModals } from '../checkout/checkout-modals';
import { selectCheckoutBusy, selectStack } from '../checkout/checkout-slice';
import { cardSwiped } from '../checkout/member-card';
import { changeCart, repriceCart } from '../checkout/order-lock';
import { ADDED_SNACKBAR_MS, noticeShown } from '../feedback/feedback-slice';
import { TillFeedback } from './till-feedback';
import { PendingCardBar } from '../pending-card/pending-card-bar';
import { ProductGrid } from '../products/product-grid';
import { useGetProductsQuery } from '../products/products-api';
import { TillTopBar } from './till-top-bar';
import { useTillEffects } from './use-till-effects';
import { useGhostTapGuard } from './use-ghost-tap-guard';
import { useFocusReturn } from './use-focus-return';
import { usePayShortcuts } from './use-pay-shortcuts';
import { useOfflineSync } from '../offline/use-offline-sync';
import { RecentSalesModal } from '../recent-sales/recent-sales-modal';
import './till.css';

/** Wide enough for the grid and the cart side by side; narrower screens open the cart as a panel. */
export const SIDE_CART_QUERY = '(min-width: 900px)';

const NOTHING = {};

/**
 * The status strip stays reachable under the till's dialogs: its height goes to `--k-dock-height`, which the dialog
 * backdrop leaves free (theme.css), so the last sale's undo is one tap away even while the next order's modal is open.
 */
function useDock() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const root = document.documentElement;
    let height = '';
    const update = () => {
      const next = `${el.offsetHeight}px`;
      if (next !== height) root.style.setProperty('--k-dock-height', (height = next));
    };
    // The observer reports the strip's first size once the page is laid out anyway. Reading it here, at mount, forced a
    // layout of the whole till while it was still starting (and the property, set on the root, a restyle of every
    // element): 128 ms of a cold load's main thread at 4x CPU slowdown in a profile of bench/frontend's till.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    if (observer) observer.observe(el);
    else update();
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--k-dock-height');
    };
  }, []);
  return ref;
}

export function TillPage() {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const effects = useTillEffects();
  const sendWaiting = useOfflineSync(effects);
  useGhostTapGuard();
  useFocusReturn();
  usePayShortcuts(effects);
  const capabilities = useCapabilities();
  const accountsNeeded = capabilities.includes('PAYMENT_ACCOUNT_AUTHED') || capabilities.includes('PAYMENT_ACCOUNT_OTHER');
  const reasonsNeeded = useHasCapabilities('PAYMENT_OTHER');
  const wide = useMediaQuery(SIDE_CART_QUERY);
  // The grid filters in the keystroke itself (a few ms with 2,000 products, bench/frontend): a deferred value would
  // draw the field and the results in two frames, each paying for layout and paint. The cart, the status bar and the
  // modals are memoised: a keystroke redraws only the top bar and the grid.
  const [query, setQuery] = useState('');
  const [cartHidden, setCartHidden] = useState(false);
  const [cartOpen, setCartOpen] = useState(false);
  const mayUndo = useHasCapabilities('PAYMENT_UNDO');
  const [recentOpen, setRecentOpen] = useState(false);
  // Read by the card reader's check: a swipe while the list is open waits, as under a checkout's modal.
  const recentOpenRef = useRef(false);
  const openRecent = useCallback(() => {
    recentOpenRef.current = true;
    setRecentOpen(true);
  }, []);
  const closeRecent = useCallback(() => {
    recentOpenRef.current = false;
    setRecentOpen(false);
  }, []);

  // SPEC 7: products, accounts and reasons refresh every 60 seconds.
  const refreshMs = useRefreshMs();
  const products = useGetProductsQuery(undefined, { pollingInterval: refreshMs });
  // Kept warm for the modals; this page itself does not draw them, so it need not re-render when they change.
  useGetTillAccountsQuery(undefined, { skip: !accountsNeeded, pollingInterval: refreshMs, selectFromResult: () => NOTHING });
  useGetReasonsQuery(undefined, { skip: !reasonsNeeded, pollingInterval: refreshMs, selectFromResult: () => NOTHING });

  // A refreshed catalogue reprices the cart (not an order being paid: its modal asks what it showed).
  const categories = products.data?.categories;
  useEffect(() => {
    if (categories) dispatch(repriceCart(categories));
  }, [categories, dispatch]);

  const returnMode = useAppSelector(selectReturnMode);
  const onAdd = useCallback(
    (p: Product) => {
      const product = { id: p.id, name: p.name, price: p.price, deposit: p.deposit, depositAmount: p.depositAmount ?? 0, adultsOnly: p.adultsOnly ?? false };
      if (selectReturnMode(store.getState())) {
        // Return mode: the tile is packaging brought back; only a product with a deposit has any to pay back.
        if (product.depositAmount <= 0) {
          dispatch(noticeShown({ text: `${p.name} has no deposit to return`, duration: ADDED_SNACKBAR_MS, action: null }));
          return;
        }
        if (!dispatch(changeCart(returnAdded(product)))) return;
        dispatch(noticeShown({ text: `Returned: ${p.name}, ${formatMoney(product.depositAmount)} back`, duration: ADDED_SNACKBAR_MS, action: null }));
        return;
      }
      if (!dispatch(changeCart(productAdded(product)))) return;
      dispatch(noticeShown({ text: `${p.name} added`, duration: ADDED_SNACKBAR_MS, action: { kind: 'remove-product', label: 'Remove', productId: p.id } }));
    },
    [dispatch, store],
  );

  useCardReader(
    (secret) => dispatch(cardSwiped(secret, effects)),
    () => {
      const state = store.getState();
      return selectCart(state).entries.length > 0 && selectStack(state).length === 0 && !selectCheckoutBusy(state) && !recentOpenRef.current;
    },
    accountsNeeded,
    () => {
      // The swipe was swallowed: with an empty cart the till says why nothing happened (under a modal it just waits).
      const state = store.getState();
      if (selectCart(state).entries.length === 0 && selectStack(state).length === 0) dispatch(noticeShown({ text: 'Add products first', duration: ADDED_SNACKBAR_MS, action: null }));
    },
  );

  const dock = useDock();
  const closeCart = useCallback(() => setCartOpen(false), []);
  const cartShown = wide ? !cartHidden : cartOpen;
  const onCartButton = () => (wide ? setCartHidden((h) => !h) : setCartOpen((o) => !o));

  let grid;
  if (products.data) {
    grid = <ProductGrid categories={products.data.categories} query={query} onAdd={onAdd} />;
  } else if (products.error) {
    grid = (
      <div className="k-alert k-alert--error till-products__error" role="alert">
        <p>Products could not be loaded. {describeError(products.error as ErrorLike)}</p>
        <Button onClick={() => void products.refetch()}>Retry</Button>
      </div>
    );
  } else {
    grid = <LoadingArea label="Loading products" />;
  }

  return (
    <div className={`till${cartShown ? ' till--cart' : ''}${wide ? ' till--wide' : ' till--narrow'}`}>
      <TillTopBar query={query} onQuery={setQuery} cartShown={cartShown} onCartButton={onCartButton} onSendWaiting={sendWaiting} onRecent={mayUndo ? openRecent : undefined} />
      <div className="till__body">
        <section className="till__products" aria-label="Products">
          {returnMode ? (
            <div className="till-return-banner" role="status" data-testid="deposit-return-banner">
              <span>Deposit return: tap the packaging brought back</span>
              <Button onClick={() => dispatch(changeCart(returnModeSet(false)))}>Done</Button>
            </div>
          ) : null}
          {grid}
        </section>
        {cartShown ? (
          <aside className="till__cart" aria-label="Cart">
            <CartPanel effects={effects} {...(wide ? {} : { onClose: closeCart })} />
          </aside>
        ) : null}
      </div>
      <footer className="till-status" ref={dock} aria-label="Till status">
        <PendingCardBar effects={effects} />
        <TillFeedback effects={effects} />
      </footer>
      <CheckoutModals effects={effects} />
      {recentOpen ? <RecentSalesModal effects={effects} onClose={closeRecent} /> : null}
    </div>
  );
}
