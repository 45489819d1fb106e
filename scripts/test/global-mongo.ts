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
  project.provide('mongoUri', mongo.uri);
  project.provide('mongoKind', mongo.kind);
  return async () => {
    await mongo.stop();
    await dropPgDatabase('postgres://postgres@127.0.0.1:5432', pgDatabase);
  };
}
