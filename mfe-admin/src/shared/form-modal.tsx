import { Button, Modal } from '@kassa/ui';
import { useId, type FormEvent, type ReactNode } from 'react';
import { FormLines } from './server-lines';

/**
 * A form in a modal: the lines a refused save gave that belong to no field (`lines`) on top, Cancel and the submit
 * button below it; Enter in a field submits.
 */
export function FormModal({
  title,
  submitLabel,
  busy,
  lines = [],
  onSubmit,
  onCancel,
  children,
}: {
  title: string;
  submitLabel: string;
  busy: boolean;
  lines?: readonly string[];
  onSubmit: () => void | Promise<void>;
  onCancel: () => void;
  children: ReactNode;
}) {
  const formId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void onSubmit();
  };
  return (
    <Modal
      title={title}
      onCancel={onCancel}
      actions={
        <>
          <Button onClick={onCancel}>Cancel</Button>
          <Button variant="primary" type="submit" form={formId} disabled={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className="k-stack" onSubmit={submit} noValidate>
        <FormLines lines={lines} />
        {children}
      </form>
    </Modal>
  );
}
