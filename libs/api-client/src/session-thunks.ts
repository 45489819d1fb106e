import { api } from './api';
import { sessionCleared, tokenReceived } from './session-slice';
import type { AppThunk } from './store';
import { removeAccessToken, writeAccessToken } from './token-storage';
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
 * button) sends the user to plain /login instead of /login?next=… back to where they were.
 */
export const logout =
  ({ byUser = false }: { byUser?: boolean } = {}): AppThunk =>
  (dispatch) => {
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
