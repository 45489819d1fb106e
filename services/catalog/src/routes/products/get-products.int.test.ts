import { connectMongo } from '@kassa/service-kit';
import { claims, dropTestDatabase, testEnv } from '@kassa/service-kit/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildCatalogApp } from '../../app';
import { CatalogEnv } from '../../config';
import { seedCatalogDemo } from '../../demo/seed-demo';

describe('GET /api/products/', () => {
  const env = CatalogEnv.parse(testEnv(inject('mongoUri')));
  let app: Awaited<ReturnType<typeof buildCatalogApp>>;

  beforeAll(async () => {
    const db = await connectMongo(env.MONGODB_URI, `${env.MONGODB_DB_PREFIX}_catalog`);
    app = await buildCatalogApp(env, db);
    await seedCatalogDemo(db);
  });
  afterAll(async () => {
    await dropTestDatabase(app.db);
    await app.close();
  });

  it('refuses a request without a token as invalid_access_token', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/products/' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: true, errorCode: 401, errorIdentifier: 'invalid_access_token' });
  });

  it('lists the seeded categories with colours and products priced in cents', async () => {
    const token = app.signToken(claims());
    const res = await app.inject({ method: 'GET', url: '/api/products/', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    const { categories } = res.json().result;
    expect(categories.length).toBeGreaterThanOrEqual(4);
    expect(categories[0]).toMatchObject({ name: 'Bier', colour: '#f2b705' });
    const all = categories.flatMap((c: { products: { price: number; deposit: boolean; name: string }[] }) => c.products);
    expect(all.length).toBeGreaterThanOrEqual(30);
    expect(all.every((p: { price: number }) => Number.isInteger(p.price))).toBe(true);
    expect(all.some((p: { deposit: boolean }) => p.deposit)).toBe(true);
    expect(all.some((p: { name: string }) => p.name.length > 36)).toBe(true);
  });

  it('answers the reasons only to registers with PAYMENT_OTHER', async () => {
    const without = app.signToken(claims({ capabilities: ['PAYMENT_CASH'] }));
    const denied = await app.inject({ method: 'GET', url: '/api/checkout/reasons/', headers: { authorization: `Bearer ${without}` } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().errorIdentifier).toBe('insufficient_permissions');
    const withOther = app.signToken(claims({ capabilities: ['PAYMENT_OTHER'] }));
    const res = await app.inject({ method: 'GET', url: '/api/checkout/reasons/', headers: { authorization: `Bearer ${withOther}` } });
    expect(res.json().result.reasons.map((r: { name: string }) => r.name)).toContain('Bestuur');
  });
});
