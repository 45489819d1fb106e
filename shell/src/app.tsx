import { selectKeyboardEnabled, useAppSelector, useTillKeyboard, type AppStore } from '@kassa/api-client';
import { DialogProvider, OnScreenKeyboard, type DialogStack } from '@kassa/ui';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Provider } from 'react-redux';
import { BusyBar } from './layout/busy-bar';
import { TrainingBand } from './layout/training-band';
import type { RemoteAreaProps } from './remotes/remote-area';
import { AppRoutes } from './routing/app-routes';
import { isTillPath } from './routing/till-path';
import { SessionListeners } from './session/session-listeners';

/** The store and dialog stack every part of the app (shell and remotes) shares. */
export function AppProviders({ store, dialogs, children }: { store: AppStore; dialogs: DialogStack; children: ReactNode }) {
  return (
    <Provider store={store}>
      <DialogProvider stack={dialogs}>{children}</DialogProvider>
    </Provider>
  );
}

/**
 * Everything inside the router: session handling, the busy bar, the routes and the on-screen keyboard.
 * `loader` replaces Module Federation in tests.
 */
export function ShellRoot({ loader }: { loader?: RemoteAreaProps['loader'] }) {
  const { pathname } = useLocation();
  const tillKeyboard = useTillKeyboard();
  const keyboard = useAppSelector(selectKeyboardEnabled) && tillKeyboard && isTillPath(pathname);
  return (
    <>
      <SessionListeners />
      <BusyBar />
      <TrainingBand />
      <AppRoutes {...(loader ? { loader } : {})} />
      <OnScreenKeyboard enabled={keyboard} />
    </>
  );
}
