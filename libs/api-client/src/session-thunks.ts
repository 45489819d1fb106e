import { api } from './api';
import { sessionCleared, tokenReceived } from './session-slice';
import type { AppThunk } from './store';
import { API_BASE } from './base-query';
import { readAccessToken, removeAccessToken, writeAccessToken } from './token-storage';
import { keyboardSet, persistKeyboardChoice } from './layout-slice';

/** Stores the token of a successful sign-in; the shell then loads the config. */
export const signIn =
  (token: string): AppThunk =>
  (dispatch) => {
    writeAccessToken(token);
    dispatch(api.util.resetApiState());
    dispatch(tokenReceived(token));
  };

/**
 * SPEC 2: logout removes the stored access token; cached data of the previous user goes with it. `byUser` (the logout
 * button) sends the user to plain /login instead of /login?next=… back to where they were. The server is told too, so
 * the token is refused from now on in every service (a copy of it is worth nothing after logout).
 */
export const logout =
  ({ byUser = false }: { byUser?: boolean } = {}): AppThunk =>
  (dispatch) => {
    const token = readAccessToken();
    if (token) {
      const url = new URL(`${API_BASE}/logout/`, globalThis.location?.href ?? 'http://localhost/');
      // keepalive: the request outlives the page when logging out navigates away at once.
      void fetch(url, { method: 'POST', keepalive: true, headers: { authorization: `Bearer ${token}` } }).catch(() => undefined);
    }
    removeAccessToken();
    dispatch(sessionCleared({ byUser }));
    dispatch(api.util.resetApiState());
  };

export const setKeyboardEnabled =
  (enabled: boolean): AppThunk =>
  (dispatch) => {
    persistKeyboardChoice(enabled);
    dispatch(keyboardSet(enabled));
  };
