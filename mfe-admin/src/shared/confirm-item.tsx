import { ConfirmModal } from '@kassa/ui';
import type { ComponentProps, ReactNode } from 'react';

type ModalProps = Pick<ComponentProps<typeof ConfirmModal>, 'title' | 'confirmLabel' | 'variant'>;

/**
 * Asks before a row's action (UX.md "Safe mistakes"): nothing while no row is picked, else what will happen to it
 * (`text`) with Cancel and the action.
 */
export function ConfirmItem<T>({ item, text, onConfirm, onCancel, ...modal }: ModalProps & { item: T | null; text: (item: T) => ReactNode; onConfirm: (item: T) => unknown; onCancel: () => void }) {
  if (item === null) return null;
  return (
    <ConfirmModal {...modal} onConfirm={() => void onConfirm(item)} onCancel={onCancel}>
      <p>{text(item)}</p>
    </ConfirmModal>
  );
}
