import { ok, type CardOutcomeRequest } from '@kassa/contracts';
import { connectMongo, createQueue, createRedis, type ServiceApp } from '@kassa/service-kit';
import { claims, clearRedisPrefix, dropTestDatabase, testEnv } from '@kassa/service-kit/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { Types } from 'mongoose';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildPaymentsApp } from '../../../app';
import { PaymentsEnv } from '../../../config';
import { pollJobId, TERMINAL_POLL_QUEUE } from '../../jobs/terminal-poll.job';
import { startTerminalWorker } from '../../jobs/terminal-worker';
import { cardTransactionModel } from '../../models/card-transaction.model';

/** A checkout stand-in that records the outcomes the worker reports; it refuses the first reports for ids in `refuse`. */
async function fakeCheckout() {
  const reports: { id: string; body: CardOutcomeRequest }[] = [];
  const refuse = new Map<string, number>();
  const refused: string[] = [];
  const server: FastifyInstance = Fastify();
  server.post<{ Params: { id: string }; Body: CardOutcomeRequest }>('/internal/transactions/:id/card-outcome', async (request, reply) => {
    const left = refuse.get(request.params.id) ?? 0;
    if (left > 0) {
      refuse.set(request.params.id, left - 1);
      refused.push(request.params.id);
      return reply.code(503).send({ error: true, errorCode: 503, errorIdentifier: 'service_unavailable', errorMessage: 'down', result: null });
    }
    reports.push({ id: request.params.id, body: request.body });
    return ok({});
  });
  const url = await server.listen({ port: 0, host: '127.0.0.1' });
  return { url, reports, refuse, refused, server };
}

describe('card payments at the stand-in terminal', () => {
  let env: PaymentsEnv;
  let app: ServiceApp;
  let checkout: Awaited<ReturnType<typeof fakeCheckout>>;
  const log = pino({ level: 'silent' });
  const internal = { 'x-internal-token': 'kassa-internal-dev-token' };

  const start = (transactionId: string, amount: number) =>
    app.inject({ method: 'POST', url: '/internal/terminal/transactions', headers: internal, payload: { transactionId, amount, registerId: null } });
  const status = (transactionId: string) =>
    app.inject({ method: 'GET', url: `/api/transactions/card/${transactionId}/status/`, headers: { authorization: `Bearer ${app.signToken(claims())}` } });
  const admin = () => ({ authorization: `Bearer ${app.signToken(claims({ isAdmin: true }))}` });
  const waitForReport = (id: string) =>
    expect.poll(() => checkout.reports.find((r) => r.id === id)?.body.status, { timeout: 20_000, interval: 50 });

  beforeAll(async () => {
    checkout = await fakeCheckout();
    env = PaymentsEnv.parse(testEnv(inject('mongoUri'), { CHECKOUT_URL: checkout.url, STANDIN_TERMINAL_DELAY_MS: '200', TERMINAL_POLL_MS: '100' }));
    const db = await connectMongo(env.MONGODB_URI, `${env.MONGODB_DB_PREFIX}_payments`);
    app = await buildPaymentsApp(env, db);
  });
  afterAll(async () => {
    await dropTestDatabase(app.db);
    await app.close();
    await checkout.server.close();
    await clearRedisPrefix(env.REDIS_URL, env.QUEUE_PREFIX);
  });

  it('starts a payment once, however often and however concurrently it is asked', async () => {
    const id = new Types.ObjectId().toHexString();
    const answers = await Promise.all(Array.from({ length: 6 }, () => start(id, 1250)));
    for (const res of answers) {
      // A failure says what the answer was (a 503 names the storage that was away).
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().result).toEqual({ terminal: { friendly_name: 'Stand-in terminal', brand: 'standin' }, status: 'pending' });
    }
    expect(await cardTransactionModel(app.db).countDocuments({ transactionId: id })).toBe(1);
    const conflicting = await start(id, 999);
    expect(conflicting.statusCode).toBe(409);
    expect(conflicting.json().errorIdentifier).toBe('conflict');
  });

  it('refuses the internal route without the internal token', async () => {
    const res = await app.inject({ method: 'POST', url: '/internal/terminal/transactions', payload: { transactionId: new Types.ObjectId().toHexString(), amount: 100, registerId: null } });
    expect(res.statusCode).toBe(403);
  });

  it('answers the card status to a signed-in till and 404 for an unknown sale', async () => {
    const id = new Types.ObjectId().toHexString();
    await start(id, 480);
    const res = await status(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ status: 'pending', transaction_id: id, price: 480, failed: false, error: null, terminal: { brand: 'standin' } });
    expect((await app.inject({ method: 'GET', url: `/api/transactions/card/${id}/status/` })).statusCode).toBe(401);
    expect((await status(new Types.ObjectId().toHexString())).statusCode).toBe(404);
  });

  it('lets only an administrator queue outcomes at the stand-in terminal', async () => {
    const denied = await app.inject({
      method: 'PUT',
      url: '/api/admin/terminal/standin',
      headers: { authorization: `Bearer ${app.signToken(claims({ capabilities: ['PAYMENT_CARD'] }))}` },
      payload: { outcomes: ['expired'] },
    });
    expect(denied.statusCode).toBe(403);
    const bad = await app.inject({ method: 'PUT', url: '/api/admin/terminal/standin', headers: admin(), payload: { outcomes: ['approved'] } });
    expect(bad.statusCode).toBe(422);
  });

  it('polls the terminal in the worker, ends each payment as queued, and reports it to checkout (retrying a refused report)', async () => {
    const queued = await app.inject({ method: 'PUT', url: '/api/admin/terminal/standin', headers: admin(), payload: { outcomes: ['expired', 'cancelled', 'deleted'], delayMs: 100 } });
    expect(queued.json().result.queued.map((q: { outcome: string }) => q.outcome)).toEqual(['expired', 'cancelled', 'deleted']);

    const ids = Array.from({ length: 4 }, () => new Types.ObjectId().toHexString());
    // Started one after the other, so each takes the next queued outcome; the fourth gets the default approval.
    for (const id of ids) await start(id, 300);
    expect((await app.inject({ method: 'GET', url: '/api/admin/terminal/standin', headers: admin() })).json().result.queued).toEqual([]);

    checkout.refuse.set(ids[0]!, 1);
    const worker = await startTerminalWorker(env, app.db, log);
    try {
      await waitForReport(ids[0]!).toBe('expired');
      await waitForReport(ids[1]!).toBe('cancelled');
      await waitForReport(ids[2]!).toBe('deleted');
      await waitForReport(ids[3]!).toBe('completed');
    } finally {
      await worker.close();
    }
    expect(checkout.refused).toEqual([ids[0]]);
    const final = await status(ids[1]!);
    expect(final.json().result).toMatchObject({ status: 'cancelled', failed: true });
    expect((await status(ids[3]!)).json().result).toMatchObject({ status: 'completed', failed: false });
    // Each outcome reaches checkout once it is accepted; no payment is reported twice.
    for (const id of ids) expect(checkout.reports.filter((r) => r.id === id)).toHaveLength(1);
  });

  it('resumes a pending payment whose polling job was lost while the worker was down', async () => {
    const id = new Types.ObjectId().toHexString();
    await start(id, 725);
    // The job disappears (Redis flushed, queue cleaned): the payment is still pending in the database.
    const redis = createRedis(env.REDIS_URL);
    const queue = createQueue(TERMINAL_POLL_QUEUE, redis, env.QUEUE_PREFIX);
    expect((await queue.getJob(pollJobId(id)))?.id).toBe(pollJobId(id));
    await queue.remove(pollJobId(id));
    expect(await queue.getJob(pollJobId(id))).toBeUndefined();
    await queue.close();
    redis.disconnect();

    const worker = await startTerminalWorker(env, app.db, log);
    try {
      await waitForReport(id).toBe('completed');
    } finally {
      await worker.close();
    }
    expect((await cardTransactionModel(app.db).findOne({ transactionId: id }).lean())?.reportedAt).toBeInstanceOf(Date);
  });
});
