import type { KassaError } from '@kassa/api-client';

/** Side effects the thunks need from React: the shell's dialog stack and the success sound. */
export interface TillEffects {
  dialogs: {
    error: (error: KassaError | string, opts?: { title?: string }) => Promise<boolean>;
    confirm: (opts: { title: string; text: string; confirmLabel: string; cancelLabel?: string }) => Promise<boolean>;
  };
  playSuccess: () => void;
}
