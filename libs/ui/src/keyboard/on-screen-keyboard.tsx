import { lazy, Suspense, useEffect, useState } from 'react';
import { isTypable, type TypableElement } from './input-bridge';

const KeyboardPanel = lazy(() => import('./keyboard-panel'));

/**
 * SPEC 2: with the keyboard on, focusing a text field shows the on-screen keyboard; a press outside fields and
 * outside the keyboard hides it. The shell renders one for the whole app.
 */
export function OnScreenKeyboard({ enabled }: { enabled: boolean }) {
  const [target, setTarget] = useState<TypableElement | null>(null);

  useEffect(() => {
    if (!enabled) return undefined;
    const onFocusIn = (e: FocusEvent) => {
      if (isTypable(e.target)) setTarget(e.target);
    };
    const onPointerDown = (e: Event) => {
      const el = e.target as Element | null;
      if (el?.closest?.('[data-osk]')) return;
      if (isTypable(el)) return;
      setTarget(null);
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('pointerdown', onPointerDown, true);
      setTarget(null);
    };
  }, [enabled]);

  // A field that leaves the page (a payment dialog closing as its sale completes) takes the keyboard with it at once,
  // not at the next tap: the keyboard would otherwise cover the sale's Undo and the pay buttons (issue 44 §6).
  useEffect(() => {
    if (!target) return undefined;
    const gone = new MutationObserver(() => {
      if (!target.isConnected) setTarget(null);
    });
    gone.observe(document.body, { childList: true, subtree: true });
    return () => gone.disconnect();
  }, [target]);

  const visible = enabled && target !== null && target.isConnected;
  if (!visible) return null;
  return (
    <Suspense fallback={null}>
      <KeyboardPanel key={target.name || target.id || 'field'} target={target} onHide={() => setTarget(null)} />
    </Suspense>
  );
}
