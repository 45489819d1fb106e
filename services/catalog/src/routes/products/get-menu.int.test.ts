import { connectMongo } from '@kassa/service-kit';
import { dropTestDatabase, testEnv } from '@kassa/service-kit/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildCatalogApp } from '../../app';
import { CatalogEnv } from '../../config';
import { seedCatalogDemo } from '../../demo/seed-demo';
import { categoryModel } from '../../models/category.model';
import { productModel } from '../../models/product.model';

interface MenuBody {
  categories: { name: string; colour: string; products: { name: string; price: number; deposit: boolean; adultsOnly: boolean }[] }[];
}

describe('GET /api/products/menu/', () => {
  const env = CatalogEnv.parse(testEnv(inject('mongoUri')));
  let app: Awaited<ReturnType<typeof buildCatalogApp>>;

  beforeAll(async () => {
    const db = await connectMongo(env.MONGODB_URI, `${env.MONGODB_DB_PREFIX}_catalog_menu`);
    app = await buildCatalogApp(env, db);
    await seedCatalogDemo(db);
    // Set up before the first menu request, so the cached answer already reflects it.
    const Product = productModel(db);
    await Product.updateOne({ name: 'Radler' }, { $set: { active: false } });
    const soldOut = await categoryModel(db).create({ name: 'Seizoen', colour: '#16a085', position: 10 });
    await Product.create({ name: 'Glühwein', price: 300, categoryId: soldOut._id, active: false });
    await categoryModel(db).create({ name: 'Leeg', colour: '#7f8c8d', position: 11 });
  });
  afterAll(async () => {
    await dropTestDatabase(app.db);
    await app.close();
  });

  it('answers without a token: categories in order with colours, prices in cents, deposit marked', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/products/menu/' });
    expect(res.statusCode).toBe(200);
    const { categories } = res.json().result as MenuBody;
    expect(categories.map((c) => c.name)).toEqual(['Bier', 'Fris', 'Snacks', 'Warme dranken', 'Wijn en sterk']);
    expect(categories[0]).toMatchObject({ name: 'Bier', colour: '#f2b705' });
    expect(categories[0]?.products[0]).toEqual({ name: 'Pils', price: 250, deposit: false, adultsOnly: true });
    const all = categories.flatMap((c) => c.products);
    expect(all).toContainEqual({ name: 'Krat pils (statiegeld)', price: 390, deposit: true, adultsOnly: true });
    expect(all).toContainEqual({ name: 'Cola', price: 200, deposit: false, adultsOnly: false });
    expect(all.every((p) => Number.isInteger(p.price))).toBe(true);
    // The wall asks again every 30 s unless the system was started with another MENU_REFRESH_MS.
    expect(res.json().result.refreshMs).toBe(30_000);
  });

  it('hides inactive products and categories with nothing for sale', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/products/menu/' });
    const { categories } = res.json().result as MenuBody;
    const names = categories.flatMap((c) => c.products.map((p) => p.name));
    expect(names).not.toContain('Radler');
    expect(names).not.toContain('Glühwein');
    expect(names).toContain('Speciaal');
    expect(categories.map((c) => c.name)).not.toContain('Seizoen');
    expect(categories.map((c) => c.name)).not.toContain('Leeg');
  });

  it('carries no ids or other internal fields', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/products/menu/' });
    const { categories } = res.json().result as MenuBody;
    expect(categories.flatMap((c) => c.products).length).toBeGreaterThan(0);
    for (const c of categories) {
      expect(Object.keys(c).sort()).toEqual(['colour', 'name', 'products']);
      for (const p of c.products) expect(Object.keys(p).sort()).toEqual(['adultsOnly', 'deposit', 'name', 'price']);
    }
  });

  it('still answers to a screen that sends an expired or foreign token', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/products/menu/', headers: { authorization: 'Bearer not-a-token' } });
    expect(res.statusCode).toBe(200);
    expect((res.json().result as MenuBody).categories.length).toBe(5);
  });
});
