import { connectMongo, type InternalClient } from '@kassa/service-kit';
import { releaseTestPrefix, testEnv } from '@kassa/service-kit/testing';
import type { LightMyRequestResponse } from 'fastify';
import { buildAccountsApp, type AccountsDeps } from '../app';
import { AccountsEnv } from '../config';
import { seedAccountsDemo } from '../demo/seed-demo';

export type AccountsTestApp = Awaited<ReturnType<typeof buildAccountsApp>>;

/** A settable clock for lock-outs and expiry, so tests never wait. */
export class TestClock {
  constructor(public current = new Date('2026-03-10T20:00:00Z')) {}
  now = () => new Date(this.current);
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/** Payments when a test runs none: no direct-debit batch holds any account. */
const noBatches: InternalClient = async (_path, schema) => schema.parse({ through: null, open: null });

/**
 * The accounts service on a database of its own on the run's FerretDB (new, or one an earlier test app of this worker
 * left emptied), optionally with the demo data. Without a `payments` dep, no direct-debit batch exists (the test runs
 * no payments service).
 */
export async function startAccountsTestApp(mongoUri: string, opts: { seed?: boolean; env?: Record<string, string>; deps?: AccountsDeps } = {}) {
  const env = AccountsEnv.parse(testEnv(mongoUri, opts.env, { service: 'accounts' }));
  const db = await connectMongo(env.MONGODB_URI, `${env.MONGODB_DB_PREFIX}_accounts`);
  const app = await buildAccountsApp(env, db, { payments: noBatches, ...opts.deps });
  if (opts.seed) await seedAccountsDemo(db, env.PIN_PEPPER, opts.deps?.now?.());
  return { env, db, app };
}

/** Closes the app, then empties its databases for the next test app of this worker (releaseTestPrefix). */
export async function stopAccountsTestApp(app: AccountsTestApp): Promise<void> {
  await app.close();
  await releaseTestPrefix(app.accounts.env, 'accounts');
}

export async function loginAs(app: AccountsTestApp, username: string, password = username.trim().toLowerCase()): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/login/', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login as ${username} failed: ${res.body}`);
  return res.json().result.access_token as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function internalPost(app: AccountsTestApp, url: string, payload: unknown): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-internal-token': app.accounts.env.INTERNAL_TOKEN } });
}
