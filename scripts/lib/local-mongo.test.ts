import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { dropPgDatabase, ensurePgDatabase, ferretDbArgs, ferretDbEnv, localPool, pgDurability } from './local-mongo';

const PG_URL = 'postgres://postgres@127.0.0.1:5432';
const database = `kassa_localmongo_test_${process.pid}_${Date.now()}`;

async function sql(text: string, db = 'postgres'): Promise<void> {
  const client = new pg.Client({ connectionString: `${PG_URL}/${db}` });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const pgAnswers = await (async () => {
  const client = new pg.Client({ connectionString: `${PG_URL}/postgres`, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
})();

describe('FerretDB on PostgreSQL: the command line', () => {
  it('points FerretDB at the database of the given server, so a run can bring its own PostgreSQL', () => {
    expect(ferretDbArgs(40001, { pgUrl: 'postgres://postgres@127.0.0.1:45678', pgDatabase: 'kassa_x', pgConnections: 40 })).toEqual([
      '--listen-addr=127.0.0.1:40001',
      '--handler=postgresql',
      '--postgresql-url=postgres://postgres@127.0.0.1:45678/kassa_x?pool_max_conns=40',
    ]);
    expect(ferretDbArgs(40001, { sqliteDir: '/tmp/x' })).toEqual(['--listen-addr=127.0.0.1:40001', '--handler=sqlite', '--sqlite-url=file:/tmp/x/']);
  });

  it('runs FerretDB with a lazier Go collector (GOGC=400) unless the caller chose one', () => {
    expect(ferretDbEnv({ PATH: '/usr/bin' })).toEqual({ PATH: '/usr/bin', GOGC: '400' });
    expect(ferretDbEnv({ PATH: '/usr/bin', GOGC: '100' })).toEqual({ PATH: '/usr/bin', GOGC: '100' });
  });

  it('gives each client a share of the pool that keeps them all below FerretDB’s PostgreSQL connections, with room for cursors', () => {
    for (let n = 1; n <= 48; n++) {
      const pool = localPool(n);
      expect(pool.maxPoolSize).toBeGreaterThanOrEqual(2);
      expect(n * pool.maxPoolSize).toBeLessThanOrEqual(pool.pgConnections - 10);
    }
    expect(localPool(6)).toEqual({ maxPoolSize: 5, pgConnections: 40 });
  });
});

// Needs the machine's PostgreSQL (127.0.0.1:5432), as npm start and the integration tests do; a throwaway database.
describe.skipIf(!pgAnswers)('a Kassa database on PostgreSQL acknowledges a sale only once it is on the disk', () => {
  afterAll(async () => {
    await dropPgDatabase(PG_URL, database);
  });

  it('turns synchronous_commit on, also on a database an older Kassa set to off', async () => {
    await sql(`CREATE DATABASE "${database}"`);
    await sql(`ALTER DATABASE "${database}" SET synchronous_commit = off`);
    expect((await pgDurability(PG_URL, database)).synchronousCommit).toBe('off');

    expect(await ensurePgDatabase(PG_URL, database)).toBe(true);
    const durability = await pgDurability(PG_URL, database);
    expect(durability.synchronousCommit).toBe('on');
    expect(durability.durable).toBe(durability.fsync === 'on');
  });

  it('says loudly when a session would still commit without waiting for the disk', async () => {
    await sql(`ALTER ROLE postgres IN DATABASE "${database}" SET synchronous_commit = off`);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect(await ensurePgDatabase(PG_URL, database)).toBe(true);
      expect((await pgDurability(PG_URL, database)).durable).toBe(false);
      expect(warn.mock.calls.map((c) => String(c[0])).join('\n')).toMatch(/can lose sales the till was told succeeded/);
    } finally {
      warn.mockRestore();
      await sql(`ALTER ROLE postgres IN DATABASE "${database}" RESET synchronous_commit`);
    }
  });
});
