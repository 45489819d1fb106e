import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from './button';

/** SPEC 4: a snackbar disappears after its duration, fading over 300 ms. */
export const SNACKBAR_FADE_MS = 300;

export interface SnackbarProps {
  open: boolean;
  text: ReactNode;
  /** Milliseconds before the fade starts (undo: 7000). */
  duration: number;
  /** Called after the fade, or right after the action. */
  onClose: () => void;
  actionLabel?: string;
  onAction?: () => void;
  /** In the page's flow (a status strip) instead of floating over it; shows the time left as a shrinking line. */
  inline?: boolean;
  /** False when the action only asks first (a confirmation): the snackbar stays until its time is up. */
  closeOnAction?: boolean;
}

/** Give it a new `key` to show a new message while one is still visible (the timer restarts). */
export function Snackbar({ open, ...rest }: SnackbarProps) {
  if (!open) return null;
  return <SnackbarBody {...rest} />;
}

function SnackbarBody({ text, duration, onClose, actionLabel, onAction, inline = false, closeOnAction = true }: Omit<SnackbarProps, 'open'>) {
  const [fading, setFading] = useState(false);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    const fade = setTimeout(() => setFading(true), duration);
    const gone = setTimeout(() => close.current(), duration + SNACKBAR_FADE_MS);
    return () => {
      clearTimeout(fade);
      clearTimeout(gone);
    };
  }, [duration]);
  return (
    <div className={`k-snackbar${inline ? ' k-snackbar--inline' : ''}${fading ? ' k-snackbar--fading' : ''}`} role="status" aria-live="polite">
      <span className="k-snackbar__text">{text}</span>
      {inline ? <span className="k-snackbar__time" style={{ animationDuration: `${duration}ms` }} aria-hidden /> : null}
      {actionLabel ? (
        <Button
          onClick={() => {
            onAction?.();
            if (closeOnAction) close.current();
          }}
        >
          {actionLabel}
        </Button>
      ) : null}
    </div>
  );
}
