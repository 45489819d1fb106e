import { addAppListener, invalidTokenReceived, logout, useAppDispatch } from '@kassa/api-client';
import { describeError, useDialogs } from '@kassa/ui';
import { useEffect } from 'react';

/**
 * SPEC 8 invalid_access_token: "Token expired, please login again."; confirming or cancelling the dialog logs the
 * user out. Requests failing in parallel share the one dialog.
 */
export function SessionListeners() {
  const dispatch = useAppDispatch();
  const dialogs = useDialogs();
  useEffect(() => {
    let showing = false;
    return dispatch(
      addAppListener({
        actionCreator: invalidTokenReceived,
        effect: async (action, listenerApi) => {
          if (showing) return;
          showing = true;
          try {
            await dialogs.open({ kind: 'error', title: 'Error', text: describeError(action.payload) });
          } finally {
            showing = false;
            listenerApi.dispatch(logout());
          }
        },
      }),
    );
  }, [dispatch, dialogs]);
  return null;
}
