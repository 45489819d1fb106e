import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from './app';
import { GatewayEnv } from './config';

/** Which service answers: each upstream stand-in says its own name. */
describe('gateway route table: the most specific prefix wins', () => {
  const upstreams: FastifyInstance[] = [];
  let gateway: FastifyInstance;

  async function upstream(name: string): Promise<string> {
    const app = Fastify();
    app.all('/*', async (request) => ({ error: false, errorCode: 200, errorIdentifier: null, errorMessage: null, result: { service: name, url: request.url } }));
    upstreams.push(app);
    return app.listen({ port: 0, host: '127.0.0.1' });
  }

  beforeAll(async () => {
    const env = GatewayEnv.parse({
      LOG_LEVEL: 'silent',
      ACCOUNTS_URL: await upstream('accounts'),
      CATALOG_URL: await upstream('catalog'),
      CHECKOUT_URL: await upstream('checkout'),
      PAYMENTS_URL: await upstream('payments'),
      SHELL_DIST: '',
    });
    gateway = await buildGateway(env);
  });
  afterAll(async () => {
    await gateway.close();
    for (const u of upstreams) await u.close();
  });

  const serviceFor = async (method: 'GET' | 'POST', url: string) => (await gateway.inject({ method, url, payload: method === 'POST' ? {} : undefined })).json().result;

  it.each([
    ['POST', '/api/account/upgrade', 'payments'],
    ['GET', '/api/account/upgrade/0123456789abcdef01234567', 'payments'],
    ['GET', '/api/account/', 'accounts'],
    ['GET', '/api/account/transactions?page=2', 'accounts'],
    ['POST', '/api/account/pin', 'accounts'],
    ['POST', '/api/account_request/request', 'accounts'],
    ['GET', '/api/admin/account_requests?status=pending', 'accounts'],
    ['GET', '/api/admin/ideal/', 'payments'],
    ['GET', '/api/admin/exact/exports', 'payments'],
    ['POST', '/api/payments/webhook', 'payments'],
    ['GET', '/api/payments/standin/tr_standin_1', 'payments'],
  ] as const)('%s %s goes to %s', async (method, url, service) => {
    expect(await serviceFor(method, url)).toEqual({ service, url });
  });
});
