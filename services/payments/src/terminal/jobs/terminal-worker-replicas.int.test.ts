import type { Capability } from '@kassa/contracts';
import { createRedis, internalClient, type InternalClient } from '@kassa/service-kit';
import { type CheckoutStack, startCheckoutStack } from '@kassa/test-stack';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTerminal } from '../create-terminal';

const TILL: Capability[] = ['PAYMENT_CARD'];

/**
 * Two terminal workers on one queue (the real payments and checkout services, FerretDB, Redis and the stand-in
 * terminal): every status request and every report to checkout is recorded with the worker that made it.
 */
describe('two terminal workers', () => {
  let s: CheckoutStack;
  const polls: { ref: string; worker: number; start: number; end: number }[] = [];
  const reports = new Map<string, number>();
  const redises: Redis[] = [];
  const terminals: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    s = await startCheckoutStack(inject('mongoUri'), {
      card: true,
      terminalWorkers: 2,
      workerDeps: (worker, env) => {
        const redis = createRedis(env.REDIS_URL, { forWorker: true });
        redises.push(redis);
        const real = createTerminal(env, redis);
        terminals.push(real);
        const checkout = internalClient(env.CHECKOUT_URL, env.INTERNAL_TOKEN);
        const counted: InternalClient = (path, schema, opts) => {
          const report = /^\/internal\/transactions\/([^/]+)\/card-outcome$/.exec(path);
          if (report) reports.set(report[1]!, (reports.get(report[1]!) ?? 0) + 1);
          return checkout(path, schema, opts);
        };
        return {
          checkout: counted,
          terminal: {
            provider: real.provider,
            start: (payment) => real.start(payment),
            totals: (period) => real.totals(period),
            async status(ref) {
              const start = performance.now();
              try {
                return await real.status(ref);
              } finally {
                polls.push({ ref, worker, start, end: performance.now() });
              }
            },
            close: () => real.close(),
          },
        };
      },
    });
  });
  afterAll(async () => {
    await s.close();
    for (const t of terminals) await t.close();
    for (const r of redises) r.disconnect();
  });

  it('polls each card payment one at a time and report each outcome to checkout once', async () => {
    const plan = await s.payments!.inject({
      method: 'PUT',
      url: '/api/admin/terminal/standin',
      headers: { authorization: s.token([], { isAdmin: true }) },
      payload: { outcomes: ['completed'], delayMs: 400 },
    });
    expect(plan.statusCode).toBe(200);
    const sales = await Promise.all(
      Array.from({ length: 24 }, async (_, i) => {
        const res = await s.pay('card', { nonce: randomUUID(), products: [{ id: s.products[i % 10]!.id, amount: 1 }] }, TILL);
        expect(res.statusCode).toBe(200);
        return res.json().result.transaction_id as string;
      }),
    );
    const finish = (id: string) => s.app.inject({ method: 'POST', url: `/api/transactions/${id}/finish/`, headers: { authorization: s.token(TILL) } });
    for (const id of sales) await expect.poll(async () => (await finish(id)).statusCode, { timeout: 30_000, interval: 100 }).toBe(200);

    // Each outcome reached checkout once, and nothing else was reported.
    expect([...reports.keys()].sort()).toEqual([...sales].sort());
    expect([...reports.values()].every((n) => n === 1)).toBe(true);
    // Both workers polled, and no payment was ever polled by two at once.
    expect(new Set(polls.map((p) => p.worker))).toEqual(new Set([0, 1]));
    const byRef = new Map<string, typeof polls>();
    for (const p of polls) byRef.set(p.ref, [...(byRef.get(p.ref) ?? []), p]);
    expect(byRef.size).toBe(sales.length);
    for (const list of byRef.values()) {
      const sorted = list.sort((a, b) => a.start - b.start);
      for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.start).toBeGreaterThanOrEqual(sorted[i - 1]!.end);
    }
  });
});
