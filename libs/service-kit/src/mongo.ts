import mongoose, { type Connection, type Model } from 'mongoose';

/**
 * One mongoose connection per service. `autoCreate` and `autoIndex` are off: the fallback server silently drops
 * unique indexes on auto-created collections (STACK-NOTES), so each service creates its indexes explicitly with
 * `syncIndexes` at start-up and the tests check that duplicates are refused. How many connections it opens is the
 * URI's maxPoolSize: the driver's default (100) against MongoDB, and a share of FerretDB's pool on the local database [ferretdb:pool]
 * (scripts/lib/local-mongo.ts, localPool: more clients than FerretDB has PostgreSQL connections can stop it for good).
 */
export async function connectMongo(uri: string, dbName: string): Promise<Connection> {
  const conn = mongoose.createConnection(uri, {
    dbName,
    autoCreate: false,
    autoIndex: false,
    serverSelectionTimeoutMS: 5_000,
  });
  await conn.asPromise();
  return conn;
}

/** Creates every model's indexes (unique ones are what money correctness rests on). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any model of the connection, whatever its document type
export async function ensureIndexes(conn: Connection, models: Model<any>[] = Object.values(conn.models)): Promise<void> {
  for (const model of models) {
    await model.createCollection().catch((err: { codeName?: string; code?: number }) => {
      if (err.codeName !== 'NamespaceExists' && err.code !== 48) throw err;
    });
    await model.createIndexes();
  }
}

/** True when an error is a duplicate-key error (E11000) from the server. */
export const isDuplicateKey = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && (err as { code?: number }).code === 11000;
