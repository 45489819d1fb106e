import {
  navOpened,
  selectKeyboardEnabled,
  setKeyboardEnabled,
  useAppDispatch,
  useAppSelector,
  useTillKeyboard,
} from '@kassa/api-client';
import { Button, CartIcon, HistoryIcon, KeyboardIcon, MenuIcon, SearchIcon } from '@kassa/ui';
import { selectItemCount } from '../cart/cart-slice';
import { OfflineBadge } from '../offline/offline-badge';

export interface TillTopBarProps {
  query: string;
  onQuery: (query: string) => void;
  cartShown: boolean;
  onCartButton: () => void;
  /** Sends the sales made offline now. */
  onSendWaiting?: () => void;
  /** Opens the recent-sales list (a till that may undo). */
  onRecent?: (() => void) | undefined;
}

/**
 * UX "The till": menu (the shell's navigation drawer), logo, product search, keyboard toggle, recent sales (a till that
 * may undo), cart with its count.
 */
export function TillTopBar({ query, onQuery, cartShown, onCartButton, onSendWaiting = () => undefined, onRecent }: TillTopBarProps) {
  const dispatch = useAppDispatch();
  const keyboard = useAppSelector(selectKeyboardEnabled);
  const tillKeyboard = useTillKeyboard();
  return (
    <header className="till-top-bar">
      <Button variant="ghost" icon aria-label="Open menu" onClick={() => dispatch(navOpened())}>
        <MenuIcon />
      </Button>
      <span className="till-top-bar__logo">Kassa</span>
      <form className="till-search" role="search" onSubmit={(e) => e.preventDefault()}>
        <SearchIcon />
        <input
          className="k-input till-search__input"
          type="search"
          name="product-search"
          placeholder="Search products"
          aria-label="Search products"
          value={query}
          onChange={(e) => onQuery(e.target.value)}
        />
        {query ? (
          <Button variant="ghost" className="till-search__clear" onClick={() => onQuery('')}>
            Cancel
          </Button>
        ) : null}
      </form>
      {tillKeyboard ? (
        <Button
          variant="ghost"
          icon
          aria-label="On-screen keyboard"
          aria-pressed={keyboard}
          onClick={() => dispatch(setKeyboardEnabled(!keyboard))}
        >
          <KeyboardIcon />
        </Button>
      ) : null}
      {onRecent ? (
        <Button variant="ghost" className="till-recent-button" aria-label="Recent sales" onClick={onRecent}>
          <HistoryIcon />
          <span className="till-recent-button__label" aria-hidden="true">
            Recent sales
          </span>
        </Button>
      ) : null}
      <OfflineBadge onSend={onSendWaiting} />
      <CartButton shown={cartShown} onClick={onCartButton} />
    </header>
  );
}

function CartButton({ shown, onClick }: { shown: boolean; onClick: () => void }) {
  const count = useAppSelector(selectItemCount);
  return (
    <Button variant="ghost" className="till-cart-button" aria-label="Cart" aria-expanded={shown} onClick={onClick}>
      <CartIcon />
      {count > 0 ? (
        <span className="k-badge till-cart-button__badge" data-testid="cart-count">
          {count}
        </span>
      ) : null}
    </Button>
  );
}
