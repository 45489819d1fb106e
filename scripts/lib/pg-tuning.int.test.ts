/**
 * What scripts/ferretdb/pg-tuning.sql does to the indexes FerretDB 1.24 makes on the machine's PostgreSQL, as
 * `npm start` starts it: each field a filter can name gets a GIN twin, a non-unique btree (which FerretDB never reads)
 * is emptied under its own name, and a unique one stays. Runs the real FerretDB on a throwaway database.
 */
import { MongoClient, MongoServerError } from 'mongodb';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropPgDatabase, startLocalMongo, type LocalMongo } from './local-mongo';

const PG_URL = 'postgres://postgres@127.0.0.1:5432';
const PG_DATABASE = `kassa_tuning_test_${process.pid}_${Date.now()}`;
/** FerretDB keeps a MongoDB database as a PostgreSQL schema of the same name. */
const DB = 'kassa_tuning';

let mongo: LocalMongo;
let client: MongoClient;

beforeAll(async () => {
  mongo = await startLocalMongo({ pgDatabase: PG_DATABASE, sqliteDir: `/tmp/${PG_DATABASE}`, log: () => undefined });
  client = await new MongoClient(mongo.uri).connect();
});

afterAll(async () => {
  await client?.close();
  await mongo?.stop();
  await dropPgDatabase(PG_URL, PG_DATABASE);
});

/** The PostgreSQL indexes of the collection's table, by the name FerretDB gave them: their definitions. */
async function pgIndexes(): Promise<string[]> {
  const c = new pg.Client({ connectionString: `${PG_URL}/${PG_DATABASE}` });
  await c.connect();
  try {
    const rows = await c.query<{ indexdef: string }>("SELECT indexdef FROM pg_indexes WHERE schemaname = $1 AND tablename LIKE 'sales%' ORDER BY indexname", [DB]);
    return rows.rows.map((r) => r.indexdef);
  } finally {
    await c.end();
  }
}

describe('the local database’s indexes on PostgreSQL (pg-tuning.sql)', () => {
  it('empties a non-unique btree, keeps a unique one, and twins every indexed field with a GIN index', async () => {
    // The machine's PostgreSQL runs here as in CI; without it the local database would be FerretDB on SQLite.
    expect(mongo.kind).toBe('ferretdb-postgresql');
    const sales = client.db(DB).collection('sales');
    await sales.createIndex({ nonce: 1 }, { unique: true });
    await sales.createIndex({ day: 1 });
    const defs = await pgIndexes();

    expect(defs.filter((d) => d.endsWith('USING btree (_jsonb) WHERE false'))).toEqual([
      expect.stringMatching(/^CREATE INDEX sales_\w+_day___\w+_idx ON /),
    ]);
    expect(defs).toContainEqual(expect.stringMatching(/^CREATE UNIQUE INDEX sales_\w+_nonce___\w+_idx ON .* USING btree \(\(\(_jsonb -> 'nonce'::text\)\)\)$/));
    for (const field of ['_id', 'nonce', 'day']) {
      expect(defs).toContainEqual(expect.stringContaining(`USING gin (((_jsonb -> '${field}'::text)) jsonb_path_ops)`));
    }
    // No btree on a field is left but the unique ones.
    expect(defs.filter((d) => d.includes('USING btree (((_jsonb ->'))).toHaveLength(2);
  });

  it('answers as before: FerretDB lists the index, finds by its field, and the unique index refuses a duplicate', async () => {
    const sales = client.db(DB).collection<{ nonce: string; day: string }>('sales');
    await sales.insertMany([
      { nonce: 'a', day: '2026-11-28' },
      { nonce: 'b', day: '2026-11-29' },
      { nonce: 'c', day: '2026-11-29' },
    ]);

    expect((await sales.listIndexes().toArray()).map((i) => i.name).sort()).toEqual(['_id_', 'day_1', 'nonce_1']);
    expect((await sales.find({ day: '2026-11-29' }).toArray()).map((s) => s.nonce).sort()).toEqual(['b', 'c']);
    const duplicate = await sales.insertOne({ nonce: 'a', day: '2026-11-30' }).catch((err: unknown) => err);
    expect(duplicate).toBeInstanceOf(MongoServerError);
    expect((duplicate as MongoServerError).code).toBe(11000);
  });

  it('drops the emptied index by its name, and empties it again when it is made again', async () => {
    const sales = client.db(DB).collection('sales');
    await sales.dropIndex('day_1');
    expect((await pgIndexes()).filter((d) => d.includes('_day___'))).toEqual([]);
    expect((await sales.listIndexes().toArray()).map((i) => i.name).sort()).toEqual(['_id_', 'nonce_1']);

    await sales.createIndex({ day: 1 });
    expect((await pgIndexes()).filter((d) => d.includes('_day___'))).toEqual([expect.stringMatching(/USING btree \(_jsonb\) WHERE false$/)]);
  });
});
