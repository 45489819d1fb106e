import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button, type ButtonProps } from './button';

/** SPEC "Generic dialogs": stacked dialogs sit at z-index 200 plus their position in the stack. */
export const DIALOG_Z_INDEX_BASE = 200;

export interface ModalProps {
  /** The dialog's accessible name. */
  title: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom: cancel-like on the left, the primary action on the right. */
  actions?: ReactNode;
  /** Backdrop click and Escape; without it the modal can only be left through its own buttons. */
  onCancel?: () => void;
  /** 0 for the first modal of a stack, 1 for the one above it, … */
  stackIndex?: number;
  size?: 'sm' | 'md' | 'lg' | 'full';
  /** Extra controls beside the title, e.g. a refresh button. */
  headerExtra?: ReactNode;
  className?: string;
  /** Hide the title visually (it stays the accessible name). */
  hideTitle?: boolean;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab inside the dialog (aria-modal alone does not): from its last control Tab goes to the first, from its first
 * control (or the dialog itself, which has focus when it opens) Shift+Tab goes to the last. With nothing to focus,
 * focus stays on the dialog.
 */
function trapTab(e: KeyboardEvent<HTMLDivElement>, panel: HTMLElement) {
  const controls = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[hidden], [inert]'));
  const first = controls[0];
  const last = controls.at(-1);
  const active = document.activeElement;
  let next: HTMLElement | undefined;
  if (!first || !last) next = panel;
  else if (!panel.contains(active)) next = e.shiftKey ? last : first;
  else if (e.shiftKey && (active === first || active === panel)) next = last;
  else if (!e.shiftKey && active === last) next = first;
  if (next) {
    e.preventDefault();
    next.focus();
  }
}

export function Modal({
  title,
  children,
  actions,
  onCancel,
  stackIndex = 0,
  size = 'sm',
  headerExtra,
  className,
  hideTitle = false,
}: ModalProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const pressStartedOnBackdrop = useRef<boolean | null>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    if (panel && !panel.contains(document.activeElement)) panel.focus();
    return () => {
      if (previous && document.contains(previous)) previous.focus();
    };
  }, []);

  const onBackdropPointerDown = (e: MouseEvent<HTMLDivElement>) => {
    pressStartedOnBackdrop.current = e.target === e.currentTarget;
  };
  // A press that starts inside the panel and ends on the backdrop (selecting text, dragging) is not a cancel.
  const onBackdropClick = (e: MouseEvent<HTMLDivElement>) => {
    const startedHere = pressStartedOnBackdrop.current !== false;
    pressStartedOnBackdrop.current = null;
    if (e.target === e.currentTarget && startedHere) onCancel?.();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape' && onCancel) {
      e.stopPropagation();
      onCancel();
    }
    if (e.key === 'Tab' && panelRef.current) trapTab(e, panelRef.current);
  };

  const sizeClass = size === 'sm' ? '' : ` k-modal--${size}`;
  return createPortal(
    <div
      className="k-modal-backdrop"
      style={{ zIndex: DIALOG_Z_INDEX_BASE + stackIndex }}
      data-testid="modal-backdrop"
      onMouseDown={onBackdropPointerDown}
      onClick={onBackdropClick}
      onKeyDown={onKeyDown}
    >
      <div
        ref={panelRef}
        className={`k-modal${sizeClass}${className ? ` ${className}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className={`k-modal__header${hideTitle ? ' k-visually-hidden' : ''}`}>
          <h2 id={titleId} className="k-modal__title">
            {title}
          </h2>
          {headerExtra ? <div className="k-spacer" /> : null}
          {headerExtra}
        </div>
        {children !== undefined ? <div className="k-modal__body">{children}</div> : null}
        {actions ? <div className="k-modal__actions">{actions}</div> : null}
      </div>
    </div>,
    document.body,
  );
}

/** A question before an action that cannot be taken back: Cancel, or the action in its colour. */
export function ConfirmModal({
  title,
  confirmLabel,
  variant,
  onConfirm,
  onCancel,
  children,
}: {
  title: string;
  confirmLabel: string;
  variant: ButtonProps['variant'];
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      title={title}
      onCancel={onCancel}
      actions={
        <>
          <Button onClick={onCancel}>Cancel</Button>
          <Button variant={variant} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
