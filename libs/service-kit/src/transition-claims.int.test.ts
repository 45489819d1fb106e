import { randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AppError } from './errors';
import { connectMongo } from './mongo';
import { claimTransition, heldTransition } from './transition-claims';

describe('claimTransition on the real database', () => {
  let db: Connection;
  beforeAll(async () => {
    db = await connectMongo(inject('mongoUri'), `t${randomBytes(4).toString('hex')}_claims`);
  });
  afterAll(async () => {
    await db.close();
  });

  it('lets exactly one of two different actions leave a state, 20 times over with both at once', async () => {
    for (let round = 0; round < 20; round++) {
      const id = `inv${round}`;
      const results = await Promise.allSettled([
        claimTransition(db, { entity: 'invoice', id, from: 'final', to: 'paid', by: 'alice' }),
        claimTransition(db, { entity: 'invoice', id, from: 'final', to: 'credited', by: 'bob' }),
      ]);
      const won = results.filter((r) => r.status === 'fulfilled');
      expect(won, `round ${round}`).toHaveLength(1);
      const lost = results.find((r) => r.status === 'rejected')!.reason as AppError;
      expect(lost).toBeInstanceOf(AppError);
      expect(lost.statusCode).toBe(409);
      expect(lost.message).toMatch(/^This invoice already went from final to (paid \(by alice\)|credited \(by bob\)), so it cannot become (credited|paid) as well\./);
    }
  });

  it('lets the same action claim again (a retry after a crash completes), and another state be claimed on its own', async () => {
    expect(await claimTransition(db, { entity: 'batch', id: 'b1', from: 'open', to: 'collected' })).toEqual({ resumed: false });
    expect(await claimTransition(db, { entity: 'batch', id: 'b1', from: 'open', to: 'collected' })).toEqual({ resumed: true });
    await expect(claimTransition(db, { entity: 'batch', id: 'b1', from: 'open', to: 'cancelled' })).rejects.toMatchObject({ statusCode: 409, identifier: 'conflict' });
    expect(await claimTransition(db, { entity: 'batch', id: 'b1', from: 'collected', to: 'reversed' })).toEqual({ resumed: false });
    expect(await heldTransition(db, { entity: 'batch', id: 'b1', from: 'open' })).toMatchObject({ to: 'collected' });
    expect(await heldTransition(db, { entity: 'batch', id: 'b2', from: 'open' })).toBeNull();
  });
});
