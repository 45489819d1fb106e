import type { Capability, Config } from '@kassa/contracts';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readAccessToken } from './token-storage';

export interface SessionState {
  token: string | null;
  /** GET /api/config/ of the signed-in user; null until loaded. */
  config: Config | null;
  /** The user pressed logout (rather than a token expiring): the login page then needs no way back. */
  loggedOutByUser: boolean;
}

const NO_CAPABILITIES: readonly Capability[] = [];

export const sessionSlice = createSlice({
  name: 'session',
  initialState: (): SessionState => ({ token: readAccessToken(), config: null, loggedOutByUser: false }),
  reducers: {
    tokenReceived: (state, action: PayloadAction<string>) => {
      state.token = action.payload;
      state.config = null;
      state.loggedOutByUser = false;
    },
    configLoaded: (state, action: PayloadAction<Config>) => {
      state.config = action.payload;
    },
    /** Remotes with their own slices reset them on this action (logout, expired token). */
    sessionCleared: (state, action: PayloadAction<{ byUser: boolean } | undefined>) => {
      state.token = null;
      state.config = null;
      state.loggedOutByUser = action.payload?.byUser ?? false;
    },
  },
  selectors: {
    selectToken: (state) => state.token,
    selectIsAuthenticated: (state) => state.token !== null,
    selectLoggedOutByUser: (state) => state.loggedOutByUser,
    selectConfig: (state) => state.config,
    selectUser: (state) => state.config?.user ?? null,
    selectIsAdmin: (state) => state.config?.user.isAdmin ?? false,
    selectCapabilities: (state) => state.config?.register.capabilities ?? NO_CAPABILITIES,
  },
});

export const { tokenReceived, configLoaded, sessionCleared } = sessionSlice.actions;
export const { selectToken, selectIsAuthenticated, selectLoggedOutByUser, selectConfig, selectUser, selectIsAdmin, selectCapabilities } =
  sessionSlice.selectors;
