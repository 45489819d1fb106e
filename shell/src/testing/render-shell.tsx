import { makeStore, type RemoteAppProps } from '@kassa/api-client';
import type { Config } from '@kassa/contracts';
import { createDialogStack } from '@kassa/ui';
import { act, configure, render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppProviders, ShellRoot } from '../app';
import type { RemoteAreaProps } from '../remotes/remote-area';
import type { RemoteName } from '../remotes/remote-types';

// The first render of a file imports the whole shell; on a busy machine that alone can pass the default 1 s.
configure({ asyncUtilTimeout: 5000 });

export { fail, json, ok, stubApi, type ApiCall as Call } from '@kassa/api-client/testing';

export function adminConfig(over: Partial<Config> = {}): Config {
  return {
    aprilFoolsEnabled: false,
    posWrappedAvailable: false,
    requireTfa: false,
    requireSettingAccountPin: false,
    accountUpgradeMinAmount: 500,
    user: { id: 'u1', username: 'admin', accountId: null, viaductUserId: null, isAdmin: true },
    register: { id: null, name: 'Bar', capabilities: ['PAYMENT_CASH'] },
    acceptedCurrentCondition: true,
    showAccountRequest: false,
    ...over,
  };
}

export function RemoteStub({ name, basePath }: { name: RemoteName; basePath: string }) {
  return (
    <h1>
      {name} at {basePath}
    </h1>
  );
}

/** Stands in for Module Federation: every remote is a heading naming itself and its base path. */
export const stubLoader = vi.fn(async (name: RemoteName) => ({
  default: (props: RemoteAppProps) => <RemoteStub name={name} basePath={props.basePath} />,
}));

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

/** The whole shell at `path`, with the token stored beforehand when given. */
export async function renderShell(path: string, { token, loader = stubLoader }: { token?: string; loader?: RemoteAreaProps['loader'] } = {}) {
  if (token) localStorage.setItem('access_token', token);
  const store = makeStore();
  // Awaited act: remotes load through React's use(), whose resumption the test renderer only runs inside act.
  await act(async () => {
    render(
      <AppProviders store={store} dialogs={createDialogStack()}>
        <MemoryRouter initialEntries={[path]}>
          <ShellRoot loader={loader} />
          <Where />
        </MemoryRouter>
      </AppProviders>,
    );
  });
  return store;
}

export const currentLocation = () => screen.getByTestId('location').textContent;
