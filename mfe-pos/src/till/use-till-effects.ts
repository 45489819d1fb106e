import { useDialogs } from '@kassa/ui';
import { useMemo } from 'react';
import type { TillEffects } from '../checkout/till-effects';
import { playSuccessSound } from '../feedback/success-sound';

/** The shell's dialogs and the success sound, for the checkout thunks. */
export function useTillEffects(): TillEffects {
  const dialogs = useDialogs();
  return useMemo(() => ({ dialogs: { error: (e, opts) => dialogs.error(e, opts), confirm: (opts) => dialogs.confirm(opts) }, playSuccess: playSuccessSound }), [dialogs]);
}
