import { configLoaded, makeStore } from '@kassa/api-client';
import type { Config } from '@kassa/contracts';
import { createDialogStack, DialogProvider } from '@kassa/ui';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';

export interface Call {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

export const ok = (result: unknown) => ({ error: false, errorCode: 200, errorIdentifier: null, errorMessage: null, result });
export const fail = (code: number, identifier: string, message: string, detail?: unknown) => ({
  error: true,
  errorCode: code,
  errorIdentifier: identifier,
  errorMessage: message,
  result: null,
  ...(detail ? { detail } : {}),
});
export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Answers API calls by "METHOD /api/path" (without the query); records every call. */
export function stubApi(routes: Record<string, (call: Call) => Response>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const call: Call = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        search: url.search,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const handler = routes[`${call.method} ${call.path}`];
      return handler ? handler(call) : json(404, fail(404, 'not_found', `no route ${call.path}`));
    }),
  );
  return calls;
}

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
