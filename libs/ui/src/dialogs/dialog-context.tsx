import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { DialogHost } from './dialog-host';
import type { DialogStack } from './dialog-stack';

const DialogContext = createContext<DialogStack | null>(null);

/** The shell wraps the app once; remotes share @kassa/ui as a singleton, so they see the same context. */
export function DialogProvider({ stack, children }: { stack: DialogStack; children?: ReactNode }) {
  return (
    <DialogContext.Provider value={stack}>
      {children}
      <DialogHost stack={stack} />
    </DialogContext.Provider>
  );
}

export function useDialogs(): DialogStack {
  const stack = useContext(DialogContext);
  if (!stack) throw new Error('useDialogs() needs a <DialogProvider> above it');
  return stack;
}

/** True while a generic dialog (an error, a message) is open: a countdown under it waits. */
export function useDialogsOpen(): boolean {
  const stack = useDialogs();
  return useSyncExternalStore(stack.subscribe, stack.getSnapshot).length > 0;
}
