import { useState, useSyncExternalStore, type FormEvent, type ReactNode } from 'react';
import { Button } from '../button';
import { Modal } from '../modal';
import { useCountdown } from '../use-countdown';
import type { DialogEntry, DialogStack } from './dialog-stack';

interface ItemProps {
  entry: DialogEntry;
  stackIndex: number;
  close: (value: unknown) => void;
}

function MessageDialog({ entry, stackIndex, close }: ItemProps) {
  const spec = entry.spec as Extract<DialogEntry['spec'], { kind: 'message' }>;
  const remaining = useCountdown(spec.seconds, () => close(true));
  return (
    <Modal
      title={spec.title}
      stackIndex={stackIndex}
      onCancel={() => close(false)}
      actions={
        <Button variant="primary" onClick={() => close(true)} autoFocus>
          OK ({remaining})
        </Button>
      }
    >
      <p className="k-dialog__text">{spec.text}</p>
    </Modal>
  );
}

function ErrorDialog({ entry, stackIndex, close }: ItemProps) {
  const spec = entry.spec as Extract<DialogEntry['spec'], { kind: 'error' }>;
  return (
    <Modal
      title={spec.title}
      stackIndex={stackIndex}
      onCancel={() => close(false)}
      actions={
        <Button variant="primary" onClick={() => close(true)} autoFocus>
          OK
        </Button>
      }
    >
      <p className="k-dialog__text" role="alert">
        {spec.text}
      </p>
    </Modal>
  );
}

function PromptDialog({ entry, stackIndex, close }: ItemProps) {
  const spec = entry.spec as Extract<DialogEntry['spec'], { kind: 'prompt' }>;
  const [value, setValue] = useState(spec.initialValue);
  const formId = `k-prompt-${entry.id}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    close(value);
  };
  return (
    <Modal
      title={spec.title}
      stackIndex={stackIndex}
      onCancel={() => close(null)}
      actions={
        <>
          <Button onClick={() => close(null)}>Cancel</Button>
          <Button variant="primary" type="submit" form={formId}>
            OK
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className="k-stack">
        {spec.text ? <p className="k-dialog__text">{spec.text}</p> : null}
        <label className="k-field">
          <span className="k-field__label">{spec.label}</span>
          <input
            className="k-input"
            type={spec.inputType}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            autoFocus
          />
        </label>
      </form>
    </Modal>
  );
}

function ConditionDialog({ entry, stackIndex, close }: ItemProps) {
  const spec = entry.spec as Extract<DialogEntry['spec'], { kind: 'condition' }>;
  return (
    <Modal
      title={spec.title}
      size="md"
      stackIndex={stackIndex}
      onCancel={() => close(false)}
      actions={
        <>
          <Button onClick={() => close(false)}>{spec.cancelLabel ?? 'Cancel'}</Button>
          <Button variant="primary" onClick={() => close(true)}>
            {spec.acceptLabel ?? 'Accept'}
          </Button>
        </>
      }
    >
      <div className="k-dialog__text">{spec.text}</div>
    </Modal>
  );
}

const VIEWS = {
  message: MessageDialog,
  error: ErrorDialog,
  prompt: PromptDialog,
  condition: ConditionDialog,
} as const;

/** Renders every open dialog of the stack, the newest on top. */
export function DialogHost({ stack }: { stack: DialogStack }) {
  const entries = useSyncExternalStore(stack.subscribe, stack.getSnapshot, stack.getSnapshot);
  return (
    <>
      {entries.map((entry, index) => {
        const View = VIEWS[entry.spec.kind] as (p: ItemProps) => ReactNode;
        return <View key={entry.id} entry={entry} stackIndex={index} close={(v) => stack.close(entry.id, v)} />;
      })}
    </>
  );
}
