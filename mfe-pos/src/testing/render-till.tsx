import { configLoaded, makeStore, type AppStore } from '@kassa/api-client';
import type { Capability, Config } from '@kassa/contracts';
import { createDialogStack, DialogProvider, type DialogStack } from '@kassa/ui';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';

export function tillConfig(capabilities: Capability[], over: Partial<Config> = {}): Config {
  return {
    aprilFoolsEnabled: false,
    posWrappedAvailable: false,
    requireTfa: false,
    requireSettingAccountPin: false,
    accountUpgradeMinAmount: 500,
    user: { id: 'a'.repeat(24), username: 'till', accountId: null, viaductUserId: null, isAdmin: false },
    register: { id: 'b'.repeat(24), name: 'Till', capabilities },
    acceptedCurrentCondition: true,
    showAccountRequest: false,
    ...over,
  };
}

/** A store signed in with the given capabilities, the dialog stack, and the element rendered inside both. */
export function renderTill(ui: ReactElement, capabilities: Capability[] = [], over: Partial<Config> = {}) {
  const store: AppStore = makeStore();
  store.dispatch(configLoaded(tillConfig(capabilities, over)));
  const dialogs: DialogStack = createDialogStack();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      {/* The shell's router, as the till runs inside it (links to /account). */}
      <MemoryRouter initialEntries={['/pos']}>
        <DialogProvider stack={dialogs}>{children}</DialogProvider>
      </MemoryRouter>
    </Provider>
  );
  const view = render(ui, { wrapper });
  return { store, dialogs, ...view };
}
