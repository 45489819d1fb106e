import {
  addListener,
  combineSlices,
  configureStore,
  createListenerMiddleware,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { api } from './api';
import { layoutSlice } from './layout-slice';
import { requestsSlice } from './requests-slice';
import { sessionSlice } from './session-slice';

/**
 * Slices that remotes inject at run time. A remote declares its own with module augmentation:
 * `declare module '@kassa/api-client' { interface LazyLoadedSlices extends WithSlice<typeof tillSlice> {} }`
 * and injects it with `tillSlice.injectInto(rootReducer)`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(api, sessionSlice, requestsSlice, layoutSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  const listeners = createListenerMiddleware();
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault().prepend(listeners.middleware).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export type AppThunk<R = void> = ThunkAction<R, RootState, unknown, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();

/** Adds a listener to the running store: `useEffect(() => dispatch(addAppListener({...})), [])` unsubscribes on unmount. */
export const addAppListener = addListener.withTypes<RootState, AppDispatch>();
