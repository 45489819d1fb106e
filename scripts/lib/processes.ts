import { REMOTE_FOLDERS } from '@kassa/contracts/remote-routes';
import { join } from 'node:path';
import { ROOT } from './local-mongo';

export interface ProcSpec {
  name: string;
  entry: string;
  /** Port offset from the gateway's port; undefined for workers. */
  portOffset?: number;
}

/** Every process `npm start` runs, in start order: services, their workers, then the public gateway. */
export const PROCESSES: ProcSpec[] = [
  { name: 'accounts', entry: 'services/accounts/src/server.ts', portOffset: 1 },
  { name: 'catalog', entry: 'services/catalog/src/server.ts', portOffset: 2 },
  { name: 'checkout', entry: 'services/checkout/src/server.ts', portOffset: 3 },
  { name: 'payments', entry: 'services/payments/src/server.ts', portOffset: 4 },
  { name: 'accounts-worker', entry: 'services/accounts/src/worker.ts' },
  { name: 'payments-worker', entry: 'services/payments/src/worker.ts' },
  { name: 'gateway', entry: 'services/gateway/src/server.ts', portOffset: 0 },
];

export const FRONTENDS = ['shell', ...REMOTE_FOLDERS] as const;
export type Frontend = (typeof FRONTENDS)[number];

/**
 * `npm run dev`: each front-end's dev server listens on the gateway's port + 10 + its place in FRONTENDS (8090 the
 * shell, which the gateway passes on, 8091-8094 the remotes, which the browser loads directly).
 */
export const devServerPort = (gatewayPort: number, app: Frontend) => gatewayPort + 10 + FRONTENDS.indexOf(app);

/** Service URLs every process gets, derived from the gateway port. */
export function serviceEnv(gatewayPort: number): Record<string, string> {
  const url = (offset: number) => `http://127.0.0.1:${gatewayPort + offset}`;
  return {
    ACCOUNTS_URL: url(1),
    CATALOG_URL: url(2),
    CHECKOUT_URL: url(3),
    PAYMENTS_URL: url(4),
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${gatewayPort}`,
  };
}

export const entryPath = (spec: ProcSpec) => join(ROOT, spec.entry);
