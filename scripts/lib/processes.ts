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

/** The demo seed commands, run once before the services start (each does nothing on a database that has its data). */
export const SEED_COMMANDS = ['services/accounts/src/commands/seed-demo.command.ts', 'services/catalog/src/commands/seed-demo.command.ts'];

/** How many processes connect to the database: every service and worker, each replica; the gateway does not. */
export const databaseClients = (replicas: number) => PROCESSES.filter((p) => p.name !== 'gateway').length * replicas;

export const FRONTENDS = ['shell', ...REMOTE_FOLDERS] as const;
export type Frontend = (typeof FRONTENDS)[number];

/**
 * `npm run dev`: each front-end's dev server listens on the gateway's port + 10 + its place in FRONTENDS (8090 the
 * shell, which the gateway passes on, 8091-8094 the remotes, which the browser loads directly).
 */
export const devServerPort = (gatewayPort: number, app: Frontend) => gatewayPort + 10 + FRONTENDS.indexOf(app);

/**
 * How many of each service and worker run (`KASSA_REPLICAS=2 npm start`); the gateway is always one. Replica k of a
 * service (from 0) listens on the gateway's port + its offset + 20 k: 8081-8084, then 8101-8104 (clear of the dev
 * servers' 8090s).
 */
export function replicaCount(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.KASSA_REPLICAS ?? '1');
  if (!Number.isInteger(n) || n < 1 || n > 8) throw new Error(`KASSA_REPLICAS must be a whole number from 1 to 8 (got ${env.KASSA_REPLICAS})`);
  return n;
}

export const replicaPort = (gatewayPort: number, portOffset: number, k: number) => gatewayPort + portOffset + 20 * k;

/** A process's name in the logs: the first of each keeps its plain name, the others get -2, -3, ... */
export const replicaName = (spec: ProcSpec, k: number) => (k === 0 ? spec.name : `${spec.name}-${k + 1}`);

/** Service URLs every process gets, derived from the gateway port: each service's first replica, and all of them. */
export function serviceEnv(gatewayPort: number, replicas = 1): Record<string, string> {
  const urls = (offset: number) => Array.from({ length: replicas }, (_, k) => `http://127.0.0.1:${replicaPort(gatewayPort, offset, k)}`);
  const env: Record<string, string> = { PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${gatewayPort}` };
  for (const [key, offset] of [['ACCOUNTS', 1], ['CATALOG', 2], ['CHECKOUT', 3], ['PAYMENTS', 4]] as const) {
    env[`${key}_URL`] = urls(offset)[0]!;
    if (replicas > 1) env[`${key}_URLS`] = urls(offset).join(',');
  }
  return env;
}

export const entryPath = (spec: ProcSpec) => join(ROOT, spec.entry);
