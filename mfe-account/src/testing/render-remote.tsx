import { configLoaded, makeStore } from '@kassa/api-client';
import type { Config } from '@kassa/contracts';
import { createDialogStack, DialogProvider } from '@kassa/ui';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';

export { fail, json, ok, stubApi, type ApiCall as Call } from '@kassa/api-client/testing';

export function memberConfig(over: Partial<Config> = {}): Config {
  return {
    aprilFoolsEnabled: false,
    posWrappedAvailable: false,
    requireTfa: false,
    requireSettingAccountPin: false,
    accountUpgradeMinAmount: 500,
    user: { id: '64b7f0c2a1b2c3d4e5f60718', username: 'member', accountId: '64b7f0c2a1b2c3d4e5f60719', viaductUserId: null, isAdmin: false },
    register: { id: null, name: 'Members', capabilities: ['PAYMENT_ACCOUNT_SELF'] },
    acceptedCurrentCondition: true,
    showAccountRequest: false,
    ...over,
  };
}

/** Renders part of this remote as the shell hosts it: the shared store (with a config), dialogs and a router. */
export function renderRemote(ui: ReactNode, opts: { config?: Config; path?: string } = {}) {
  const store = makeStore();
  store.dispatch(configLoaded(opts.config ?? memberConfig()));
  const dialogs = createDialogStack();
  const view = render(
    <Provider store={store}>
      <DialogProvider stack={dialogs}>
        <MemoryRouter initialEntries={[opts.path ?? '/account']}>{ui}</MemoryRouter>
      </DialogProvider>
    </Provider>,
  );
  return { ...view, store, dialogs };
}
