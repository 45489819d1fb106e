import { describeError, type ErrorLike } from './describe-error';

export const MESSAGE_AUTO_CONFIRM_SECONDS = 10;

export type DialogSpec =
  | { kind: 'message'; title: string; text: string; seconds: number }
  | { kind: 'error'; title: string; text: string }
  | { kind: 'prompt'; title: string; text?: string; label: string; initialValue: string; inputType: 'text' | 'number' | 'password' }
  | { kind: 'condition'; title: string; text: string; acceptLabel?: string; cancelLabel?: string };

export interface DialogEntry {
  id: number;
  spec: DialogSpec;
}

type Resolver = (value: unknown) => void;

/**
 * The generic dialog stack (SPEC "Generic dialogs"): several open at once, each answered through a promise.
 * The shell owns one and provides it with <DialogProvider>; remotes reach it with useDialogs().
 */
export class DialogStack {
  private entries: readonly DialogEntry[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly resolvers = new Map<number, Resolver>();
  private nextId = 1;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): readonly DialogEntry[] => this.entries;

  /** Opens any dialog; resolves with its answer (boolean, or the prompt's text / null). */
  open<T>(spec: DialogSpec): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve) => {
      this.resolvers.set(id, resolve as Resolver);
      this.entries = [...this.entries, { id, spec }];
      this.emit();
    });
  }

  close(id: number, value: unknown): void {
    const resolve = this.resolvers.get(id);
    if (!resolve) return;
    this.resolvers.delete(id);
    this.entries = this.entries.filter((e) => e.id !== id);
    this.emit();
    resolve(value);
  }

  /** Message with an OK button that counts down 10 s and confirms by itself. True when confirmed. */
  message(opts: { title?: string; text: string; seconds?: number }): Promise<boolean> {
    return this.open({
      kind: 'message',
      title: opts.title ?? 'Message',
      text: opts.text,
      seconds: opts.seconds ?? MESSAGE_AUTO_CONFIRM_SECONDS,
    });
  }

  /**
   * The general error display. Errors the platform already showed (an expired session, `handled`) resolve at once
   * without a second dialog.
   */
  error(error: ErrorLike, opts: { title?: string } = {}): Promise<boolean> {
    if (typeof error === 'object' && !(error instanceof Error) && error.handled) return Promise.resolve(true);
    return this.open({ kind: 'error', title: opts.title ?? 'Error', text: describeError(error) });
  }

  /** Text input with Cancel and OK: the entered text, or null when cancelled. */
  prompt(opts: {
    title: string;
    label: string;
    text?: string;
    initialValue?: string;
    inputType?: 'text' | 'number' | 'password';
  }): Promise<string | null> {
    return this.open({
      kind: 'prompt',
      title: opts.title,
      text: opts.text,
      label: opts.label,
      initialValue: opts.initialValue ?? '',
      inputType: opts.inputType ?? 'text',
    });
  }

  /** Terms with Cancel and Accept: true when accepted. */
  condition(opts: { title: string; text: string }): Promise<boolean> {
    return this.open({ kind: 'condition', title: opts.title, text: opts.text });
  }

  /** A question with two answers ("Annuleer" / what will happen): true when confirmed. */
  confirm(opts: { title: string; text: string; confirmLabel: string; cancelLabel?: string }): Promise<boolean> {
    return this.open({ kind: 'condition', title: opts.title, text: opts.text, acceptLabel: opts.confirmLabel, cancelLabel: opts.cancelLabel ?? 'Annuleer' });
  }

  private emit() {
    for (const l of this.listeners) l();
  }
}

export const createDialogStack = () => new DialogStack();
