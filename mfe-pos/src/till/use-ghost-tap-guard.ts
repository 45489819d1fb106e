import { useEffect } from 'react';

/**
 * How long after a modal opens or closes a tap where the last one was is taken for the second tap of a double tap (or
 * a laggy screen's echo of the first): a person's next deliberate tap on the same spot comes later than this.
 */
export const GHOST_TAP_MS = 400;
/** How near the last tap a ghost lands: a finger's jitter between two taps of one double tap. */
export const GHOST_TAP_RADIUS_PX = 40;

const GUARDED = ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'click', 'touchend'] as const;

const where = (e: Event): { x: number; y: number } | null => {
  if ('clientX' in e) return { x: (e as MouseEvent).clientX, y: (e as MouseEvent).clientY };
  const touch = (e as TouchEvent).changedTouches?.[0];
  return touch ? { x: touch.clientX, y: touch.clientY } : null;
};

/**
 * Ghost taps across a modal: when a dialog opens or closes (a `.k-modal-backdrop` comes or goes under the body, where
 * every modal is portalled), a tap within GHOST_TAP_MS on the spot of the tap before it never reaches what is now
 * under the finger (a product tile of the next order, or the backdrop that cancels the modal just opened). Taps
 * elsewhere, and any tap later, go through as always, so a deliberate next tap is never slowed.
 */
export function useGhostTapGuard(): void {
  useEffect(() => {
    let lastTap: { x: number; y: number } | null = null;
    let guard: { x: number; y: number; until: number } | null = null;
    let modals = document.body.querySelectorAll(':scope > .k-modal-backdrop').length;
    let lapse: ReturnType<typeof setTimeout> | undefined;

    const onEvent = (e: Event) => {
      const at = where(e);
      if (!at) return;
      if (guard && performance.now() < guard.until && Math.hypot(at.x - guard.x, at.y - guard.y) <= GHOST_TAP_RADIUS_PX) {
        e.stopPropagation();
        if (e.cancelable) e.preventDefault();
        return;
      }
      if (e.type === 'pointerdown' || e.type === 'mousedown') lastTap = at;
    };
    const observer = new MutationObserver(() => {
      const now = document.body.querySelectorAll(':scope > .k-modal-backdrop').length;
      if (now === modals) return;
      modals = now;
      if (!lastTap) return;
      guard = { ...lastTap, until: performance.now() + GHOST_TAP_MS };
      // Said on the page while it holds (`data-ghost-guard` on the body), so a test that taps as fast as a script
      // can waits for it to end rather than for a fixed time.
      document.body.dataset.ghostGuard = 'on';
      clearTimeout(lapse);
      lapse = setTimeout(() => delete document.body.dataset.ghostGuard, GHOST_TAP_MS);
    });
    observer.observe(document.body, { childList: true });
    for (const type of GUARDED) window.addEventListener(type, onEvent, { capture: true });
    return () => {
      observer.disconnect();
      clearTimeout(lapse);
      delete document.body.dataset.ghostGuard;
      for (const type of GUARDED) window.removeEventListener(type, onEvent, { capture: true });
    };
  }, []);
}
