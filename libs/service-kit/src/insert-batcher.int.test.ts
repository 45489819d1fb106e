import { randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { InsertBatcher, insertBatcher } from './insert-batcher';
import { connectMongo, isDuplicateKey } from './mongo';
import { dropTestDatabase } from './testing';

/** On the database the integration tests run on (FerretDB on PostgreSQL for `npm test`; database.int.test.ts says which). */
describe('InsertBatcher', () => {
  let db: Connection;

  beforeAll(async () => {
    db = await connectMongo(inject('mongoUri'), `t${randomBytes(4).toString('hex')}_batch`);
  });
  afterAll(async () => {
    await dropTestDatabase(db);
    await db.close();
  });

  async function keyedCollection(name: string) {
    const col = db.collection(name);
    await db.createCollection(name);
    await col.createIndex({ key: 1 }, { unique: true });
    return col;
  }

  it('stores what arrives while an insert is under way as one insert, and answers each caller', async () => {
    const col = await keyedCollection('together');
    const many = vi.spyOn(col, 'insertMany');
    const one = vi.spyOn(col, 'insertOne');
    const batcher = new InsertBatcher(col, { maxInFlight: 1 });
    const results = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => batcher.insert({ key: `k${i}`, i })));
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(await col.countDocuments({})).toBe(40);
    // The first goes alone at once; the 39 that arrived meanwhile wait for it and go together.
    expect(one).toHaveBeenCalledTimes(1);
    expect(many).toHaveBeenCalledTimes(1);
    expect(many.mock.calls[0]![0]).toHaveLength(39);
  });

  it('rejects only the callers whose key exists, with E11000, and stores the rest of their batch', async () => {
    const col = await keyedCollection('duplicates');
    await col.insertOne({ key: 'taken-1' });
    const batcher = new InsertBatcher(col, { maxInFlight: 1 });
    const keys = ['first', 'a', 'taken-1', 'b', 'c', 'b', 'd'];
    const results = await Promise.allSettled(keys.map((key) => batcher.insert({ key })));
    const refused = results.flatMap((r, i) => (r.status === 'rejected' ? [[i, isDuplicateKey(r.reason)]] : []));
    // 'taken-1' was stored before, and the second 'b' comes after the first in the same batch.
    expect(refused).toEqual([
      [2, true],
      [5, true],
    ]);
    const stored = (await col.find({}, { projection: { _id: 0, key: 1 } }).toArray()).map((d) => d.key as string).sort();
    expect(stored).toEqual(['a', 'b', 'c', 'd', 'first', 'taken-1']);
  });

  it('sends a lone document at once, with nothing waiting, through the collection\'s one batcher', async () => {
    const col = await keyedCollection('alone');
    const many = vi.spyOn(col, 'insertMany');
    expect(insertBatcher(col)).toBe(insertBatcher(col));
    for (let i = 0; i < 3; i++) await insertBatcher(col).insert({ key: `alone-${i}` });
    expect(many).not.toHaveBeenCalled();
    expect(await col.countDocuments({})).toBe(3);
  });
});
