import type { TestProject } from 'vitest/node';
import { dropPgDatabase, startLocalMongo } from '../lib/local-mongo';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

declare module 'vitest' {
  export interface ProvidedContext {
    mongoUri: string;
    mongoKind: string;
  }
}

/**
 * The integration run's store must be the durable one: FerretDB on SQLite (what the local start falls back to without
 * PostgreSQL) would leave the money code's durability and concurrency untested, so the run stops and says what to do.
 */
export function refuseUndurableStore(kind: string): void {
  if (kind !== 'ferretdb-sqlite') return;
  throw new Error(
    [
      'Integration tests need PostgreSQL: FerretDB on SQLite leaves durability and concurrent money untested.',
      'Start PostgreSQL on 127.0.0.1:5432 with trust auth for local connections (Debian: apt-get install postgresql, then',
      "set 'trust' for 127.0.0.1 in pg_hba.conf and restart it), or point MONGODB_URI at a MongoDB replica set.",
    ].join('\n'),
  );
}

/** One real MongoDB-wire server (FerretDB) for the integration run, on a fresh PostgreSQL database dropped afterwards. */
export default async function setup(project: TestProject) {
  if (process.env.MONGODB_URI) {
    project.provide('mongoUri', process.env.MONGODB_URI);
    project.provide('mongoKind', 'external');
    return;
  }
  const pgDatabase = `kassa_test_${process.pid}_${Date.now()}`;
  const mongo = await startLocalMongo({
    pgDatabase,
    sqliteDir: join(tmpdir(), pgDatabase),
    log: () => undefined,
  });
  try {
    refuseUndurableStore(mongo.kind);
  } catch (err) {
    await mongo.stop();
    throw err;
  }
  project.provide('mongoUri', mongo.uri);
  project.provide('mongoKind', mongo.kind);
  return async () => {
    await mongo.stop();
    await dropPgDatabase('postgres://postgres@127.0.0.1:5432', pgDatabase);
  };
}
