import { createRedis } from '@kassa/service-kit';
import { clearRedisPrefix } from '@kassa/service-kit/testing';
import type { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StandinTerminal } from './standin-terminal';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const BAR = '64b7f0c2a1b2c3d4e5f60701';
const TERRAS = '64b7f0c2a1b2c3d4e5f60702';

/** The stand-in terminal on the real Redis: one terminal per register, and the queue every register shares. */
describe('stand-in terminal per register', () => {
  const prefix = `t${randomBytes(4).toString('hex')}`;
  let redis: Redis;
  let now = 1_000_000;
  let terminal: StandinTerminal;
  let n = 0;
  /** Starts a new payment at `registerId` and answers how it ends once its delay has passed. */
  const pay = async (registerId: string | null) => {
    const { terminalRef } = await terminal.start({ transactionId: `tx${n++}`, amount: 250, registerId });
    now += 10_000;
    return (await terminal.status(terminalRef)).status;
  };

  beforeAll(() => {
    redis = createRedis(REDIS_URL, { forWorker: true });
    terminal = new StandinTerminal(redis, prefix, 100, () => now);
  });
  afterAll(async () => {
    await clearRedisPrefix(REDIS_URL, prefix);
    redis.disconnect();
  });

  it("takes a register's own outcomes first, then the shared queue's, then approves", async () => {
    await terminal.plan(['expired'], undefined, BAR);
    await terminal.plan(['cancelled']);
    expect((await terminal.state(BAR)).queued.map((q) => q.outcome)).toEqual(['expired']);
    expect((await terminal.state()).queued.map((q) => q.outcome)).toEqual(['cancelled']);

    // Another register's payment never takes the Bar's outcome, only the shared one.
    expect(await pay(TERRAS)).toBe('cancelled');
    expect(await pay(TERRAS)).toBe('completed');
    expect((await terminal.state(BAR)).queued.map((q) => q.outcome)).toEqual(['expired']);
    expect(await pay(BAR)).toBe('expired');
    expect(await pay(BAR)).toBe('completed');
  });

  it('a repeated start of one payment uses up one outcome, at its register', async () => {
    await terminal.plan(['deleted', 'expired'], 0, TERRAS);
    const start = { transactionId: `tx${n++}`, amount: 300, registerId: TERRAS };
    const [a, b] = await Promise.all([terminal.start(start), terminal.start(start)]);
    expect(a.terminalRef).toBe(b.terminalRef);
    expect((await terminal.status(a.terminalRef)).status).toBe('deleted');
    expect((await terminal.state(TERRAS)).queued).toEqual([{ outcome: 'expired', delayMs: 0 }]);
  });

  it("replaces only the queue it is given: clearing the shared queue leaves a register's", async () => {
    await terminal.plan(['expired'], undefined, BAR);
    await terminal.plan(['cancelled', 'cancelled']);
    expect((await terminal.plan([])).queued).toEqual([]);
    expect((await terminal.state(BAR)).queued).toEqual([{ outcome: 'expired', delayMs: 100 }]);
    expect(await pay(null)).toBe('completed');
  });
});
