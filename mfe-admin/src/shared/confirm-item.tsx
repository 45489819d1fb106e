import { ConfirmModal } from '@kassa/ui';
import type { ComponentProps, ReactNode } from 'react';

type ModalProps = Pick<ComponentProps<typeof ConfirmModal>, 'confirmLabel' | 'variant'>;

/**
 * Asks before a row's action (UX.md "Safe mistakes"): nothing while no row is picked, else what will happen to it
 * (`text`) with Cancel and the action. Either answer closes the question (`onClose`) first.
 */
export function ConfirmItem<T>({
  item,
  title,
  text,
  onConfirm,
  onClose,
  ...modal
}: ModalProps & { item: T | null; title: string | ((item: T) => string); text: (item: T) => ReactNode; onConfirm: (item: T) => unknown; onClose: () => void }) {
  if (item === null) return null;
  const confirm = () => {
    onClose();
    void onConfirm(item);
  };
  return (
    <ConfirmModal {...modal} title={typeof title === 'string' ? title : title(item)} onConfirm={confirm} onCancel={onClose}>
      <p>{text(item)}</p>
    </ConfirmModal>
  );
}
