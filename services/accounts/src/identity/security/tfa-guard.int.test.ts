import { connectMongo } from '@kassa/service-kit';
import { randomBytes } from 'node:crypto';
import { Types, type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { MAX_TFA_FAILURES, TfaGuard } from './tfa-guard';
import { newTotpSecret } from './tfa';
import { dropTestDatabase } from '@kassa/service-kit/testing';

/** The two-factor lock-out on the run's real FerretDB, under wrong codes that arrive all at once. */
describe('TfaGuard under concurrent wrong codes', () => {
  let db: Connection;
  beforeAll(async () => {
    db = await connectMongo(inject('mongoUri'), `t${randomBytes(4).toString('hex')}_tfa`);
  });
  afterAll(async () => {
    await dropTestDatabase(db);
    await db.close();
  });

  it('checks at most five of 30 wrong codes sent at once, and refuses the rest', async () => {
    const guard = new TfaGuard(db, 'p'.repeat(32));
    const user = { _id: new Types.ObjectId(), tfaSecret: guard.seal(newTotpSecret()), tfaRecoveryHashes: [] };
    const verify = vi.spyOn(guard as unknown as { useTotp: () => Promise<boolean> }, 'useTotp');
    const answers = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => guard.check(user, String(100000 + i))));
    expect(answers.every((a) => a.status === 'rejected')).toBe(true);
    expect(verify).toHaveBeenCalledTimes(MAX_TFA_FAILURES);
    const identifiers = answers.map((a) => ((a as PromiseRejectedResult).reason as { identifier: string }).identifier);
    expect(identifiers.filter((id) => id === 'too_many_requests').length).toBeGreaterThanOrEqual(30 - MAX_TFA_FAILURES);
  });
});
