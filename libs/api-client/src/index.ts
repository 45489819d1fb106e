export { api, TAG_TYPES, type TagType } from './api';
export {
  API_BASE,
  kassaBaseQuery,
  performRequest,
  type HttpMethod,
  type KassaArgs,
  type KassaMeta,
  type KassaRequest,
  type KassaResult,
} from './base-query';
export {
  errorFromResponse,
  isKassaError,
  NETWORK_ERROR,
  validationLine,
  validationLines,
  type KassaError,
} from './kassa-error';
export { buildQueryString, type QueryParams, type QueryValue } from './query-string';
export { fetchAll, FETCH_ALL_PAGE_SIZE } from './fetch-all';
export { requestsSlice, requestStarted, requestFinished, selectBusy, selectActiveRequests } from './requests-slice';
export {
  sessionSlice,
  tokenReceived,
  configLoaded,
  sessionCleared,
  selectToken,
  selectIsAuthenticated,
  selectLoggedOutByUser,
  selectConfig,
  selectUser,
  selectIsAdmin,
  selectCapabilities,
  type SessionState,
} from './session-slice';
export { invalidTokenReceived } from './session-events';
export { signIn, logout, setKeyboardEnabled } from './session-thunks';
export { hasAllCapabilities, sellsToOthers, useConfig, useRefreshMs, useCurrentUser, useCapabilities, useHasCapabilities, useTillKeyboard } from './session-hooks';
export {
  layoutSlice,
  navOpened,
  navClosed,
  selectNavOpen,
  selectKeyboardEnabled,
  type LayoutState,
} from './layout-slice';
export {
  rootReducer,
  makeStore,
  useAppDispatch,
  useAppSelector,
  useAppStore,
  addAppListener,
  type LazyLoadedSlices,
  type RootState,
  type AppStore,
  type AppDispatch,
  type AppThunk,
} from './store';
export { selfAccountApi, useGetSelfAccountQuery, pendingSetupItems } from './self-account-api';
export { ACCESS_TOKEN_KEY, readAccessToken } from './token-storage';
export type { RemoteAppProps } from './remote-app';
