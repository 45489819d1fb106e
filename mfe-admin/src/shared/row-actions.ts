import type { KassaError } from '@kassa/api-client';
import { useDialogs } from '@kassa/ui';
import { useState } from 'react';
import { useNotice } from './notice';

/** A mutation's answer as RTK Query gives it: the data, or the refusal. */
type Answer<D> = { data: D; error?: undefined } | { data?: undefined; error: unknown };

/**
 * What a list page needs to act on its rows: the row waiting for its confirmation (`ConfirmItem item={confirming}`),
 * the page's notice, and a call's answer read once: `succeeded(result, title)` is false after showing a refusal in a
 * dialog with that title, and true (with `result.data` typed) for a success.
 */
export function useRowActions<T>() {
  const dialogs = useDialogs();
  const [notice, setNotice] = useNotice();
  const [confirming, setConfirming] = useState<T | null>(null);
  const succeeded = <D>(result: Answer<D>, failedTitle: string): result is { data: D } => {
    if (result.error === undefined) return true;
    void dialogs.error(result.error as KassaError, { title: failedTitle });
    return false;
  };
  return { dialogs, notice, setNotice, confirming, setConfirming, succeeded };
}
