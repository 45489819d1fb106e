import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { connectMongo } from './mongo';

/** The integration tests say what they ran on: FerretDB started for the run, or the MongoDB that MONGODB_URI named. */
describe('the database the integration tests run on', () => {
  it('is FerretDB on PostgreSQL or SQLite (or the server MONGODB_URI names), never an in-memory stand-in', async () => {
    const kind = inject('mongoKind');
    expect(['ferretdb-postgresql', 'ferretdb-sqlite', 'external']).toContain(kind);
    const db = await connectMongo(inject('mongoUri'), `t${randomBytes(4).toString('hex')}_kind`);
    try {
      const info = (await db.db!.admin().command({ buildInfo: 1 })) as { ferretdbVersion?: string; version: string };
      if (kind === 'external') expect(info.ferretdbVersion).toBeUndefined();
      else expect(info.ferretdbVersion, 'buildInfo of the server the tests talk to').toBeDefined();
    } finally {
      await db.close();
    }
  });
});
