import { useEffect } from 'react';

/** How many of the last focused controls outside a dialog are remembered. */
const REMEMBERED = 8;

const MODALS = ':scope > .k-modal-backdrop';

const focusable = (el: HTMLElement | undefined): el is HTMLElement =>
  el !== undefined && el.isConnected && !(el as HTMLButtonElement).disabled && !el.closest('[hidden], [inert]');

/**
 * Focus goes back where it was when the till's last dialog closes (a payment modal, the account picker, the PIN pad, an
 * error, the recent sales). A dialog gives focus back to the control that opened it itself (libs/ui Modal); when that
 * control cannot take it any more (Cash is disabled once the sale has emptied the cart, the stack's lower modal that
 * opened the PIN pad is gone) focus would drop to the page. Then it goes to the last control focused before, outside
 * any dialog, that can take it: the product tile of the last order, say.
 */
export function useFocusReturn(): void {
  useEffect(() => {
    const recent: HTMLElement[] = [];
    let modals = document.body.querySelectorAll(MODALS).length;
    let pending: ReturnType<typeof setTimeout> | undefined;

    const onFocusIn = (e: FocusEvent) => {
      const el = e.target;
      if (!(el instanceof HTMLElement) || el.closest('.k-modal-backdrop')) return;
      const at = recent.indexOf(el);
      if (at >= 0) recent.splice(at, 1);
      recent.push(el);
      if (recent.length > REMEMBERED) recent.shift();
    };
    const restore = () => {
      if (document.body.querySelector(MODALS)) return;
      const active = document.activeElement;
      if (active && active !== document.body && active.isConnected) return;
      for (let i = recent.length - 1; i >= 0; i -= 1) {
        const el = recent[i];
        if (focusable(el)) {
          el.focus();
          return;
        }
        recent.splice(i, 1);
      }
    };
    const observer = new MutationObserver(() => {
      const now = document.body.querySelectorAll(MODALS).length;
      if (now === modals) return;
      modals = now;
      // After the dialog's own return of focus, which React makes as it removes the dialog.
      clearTimeout(pending);
      if (now === 0) pending = setTimeout(restore, 0);
    });
    observer.observe(document.body, { childList: true });
    document.addEventListener('focusin', onFocusIn);
    return () => {
      observer.disconnect();
      clearTimeout(pending);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, []);
}
