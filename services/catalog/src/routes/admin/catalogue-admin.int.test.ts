import type { Capability } from '@kassa/contracts';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AUDIT_OUTBOX, auditClient, localDay } from '@kassa/service-kit';
import { registerAuditChecks } from '../../admin/audit-checks';
import { type CheckoutStack, startCheckoutStack } from '@kassa/test-stack';
import { auditLogModel } from '@kassa/test-stack/accounts';

/** The catalogue's admin calls on the real catalog and checkout services (sales counted by checkout), on FerretDB. */
const TILL: Capability[] = ['PAYMENT_CASH', 'PAYMENT_UNDO'];
const ADMIN = { isAdmin: true, username: 'admin', sub: '64b7f0c2a1b2c3d4e5f60720' };

describe('catalogue administration', () => {
  let s: CheckoutStack;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    s.catalog.inject({ method, url, headers: { authorization: s.token([], ADMIN) }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    s = await startCheckoutStack(inject('mongoUri'));
  });
  afterAll(async () => {
    await s.close();
  });

  it('sells a product the moment it is created, although the till asked the catalog a moment before', async () => {
    // The catalog keeps its active products for 2 s; a sale just before fills that.
    expect((await s.pay('cash', { nonce: randomUUID(), products: [{ id: s.products[0]!.id, amount: 1 }] }, TILL)).statusCode).toBe(200);
    const created = await call('POST', '/api/admin/products/', { name: 'Vers Van Het Vat', price: 300, categoryId: s.categoryIds[0], vatRate: 21 });
    expect(created.statusCode, created.body).toBe(200);
    const sale = await s.pay('cash', { nonce: randomUUID(), products: [{ id: created.json().result.id, amount: 1 }] }, TILL);
    expect(sale.statusCode, sale.body).toBe(200);
  });

  it('marks a product 18+ and back: the admin list, the till and the audit entry say so', async () => {
    const created = await call('POST', '/api/admin/products/', { name: 'Oude jenever', price: 300, categoryId: s.categoryIds[0], adultsOnly: true });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().result.id as string;
    expect(created.json().result).toMatchObject({ name: 'Oude jenever', adultsOnly: true });
    const tillProducts = async () => {
      const res = await s.catalog.inject({ method: 'GET', url: '/api/products/', headers: { authorization: s.token(TILL) } });
      return (res.json().result.categories as { products: { id: string; adultsOnly: boolean }[] }[]).flatMap((c) => c.products);
    };
    expect((await tillProducts()).find((p) => p.id === id)?.adultsOnly).toBe(true);
    const changed = await call('PUT', `/api/admin/products/${id}/`, { name: 'Oude jenever', price: 300, categoryId: s.categoryIds[0], adultsOnly: false });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().result.adultsOnly).toBe(false);
    const entry = await auditLogModel(s.accountsDb).findOne({ entityId: id, action: 'product.update' }).lean();
    expect(entry).toMatchObject({ before: { adultsOnly: true }, after: { adultsOnly: false } });
    const defaulted = await call('POST', '/api/admin/products/', { name: 'Spa rood groot', price: 250, categoryId: s.categoryIds[0] });
    expect(defaulted.json().result.adultsOnly).toBe(false);
  });

  it('creates a product the till sells, counts its sales from a day and per day, not the undone one', async () => {
    const created = await call('POST', '/api/admin/products/', { name: 'Test Pils', price: 235, categoryId: s.categoryIds[0], vatRate: 21 });
    expect(created.statusCode, created.body).toBe(200);
    const product = created.json().result as { id: string; name: string; price: number; hidden: boolean };
    expect(product).toMatchObject({ name: 'Test Pils', price: 235, hidden: false });

    const sales: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await s.pay('cash', { nonce: randomUUID(), products: [{ id: product.id, amount: 1 }] }, TILL);
      expect(res.statusCode, res.body).toBe(200);
      sales.push(res.json().result.transaction_id as string);
    }
    const undo = await s.app.inject({ method: 'DELETE', url: `/api/admin/transactions/${sales[0]}/`, headers: { authorization: s.token([], ADMIN) } });
    expect(undo.statusCode, undo.body).toBe(200);

    const today = localDay(new Date(), 'Europe/Amsterdam');
    expect((await call('GET', `/api/admin/products/${product.id}/count/?start=${today}`)).json().result).toEqual({ count: 2, start: today });
    const year = Number(today.slice(0, 4));
    const perDay = await call('GET', `/api/admin/products/${product.id}/count_per_day/?year=${year}`);
    expect(perDay.statusCode, perDay.body).toBe(200);
    expect(perDay.json().result).toEqual({ year, days: [{ day: today, count: 2 }] });
    expect((await call('GET', `/api/admin/products/${product.id}/count_per_day/?year=${year - 1}`)).json().result.days).toEqual([]);

    // Each sale line keeps the category and VAT rate it was sold with.
    const sale = await s.app.db.collection('transactions').findOne({ 'products.productId': product.id });
    expect(sale?.products[0]).toMatchObject({ categoryId: s.categoryIds[0], vatRate: 21 });

    // Sold: it cannot be erased, only hidden; hidden it leaves the till and keeps its counts.
    const erase = await call('DELETE', `/api/admin/products/${product.id}/`);
    expect(erase.statusCode).toBe(409);
    expect(erase.json().errorMessage).toBe('Test Pils is in past sales, so it stays there and in the counts. Hide it instead of deleting it.');
    const hidden = await call('PUT', `/api/admin/products/${product.id}/`, { name: 'Test Pils', price: 235, categoryId: s.categoryIds[0], hidden: true });
    expect(hidden.json().result.hidden).toBe(true);
    const till = await s.catalog.inject({ method: 'GET', url: '/api/products/', headers: { authorization: s.token(TILL) } });
    expect(JSON.stringify(till.json())).not.toContain('Test Pils');
    expect((await call('GET', `/api/admin/products/${product.id}/count/`)).json().result.count).toBe(2);
  });

  it('erases a product never sold, and lists products 15 a page with search and category', async () => {
    const created = (await call('POST', '/api/admin/products/', { name: 'Eenmalig', price: 100, categoryId: s.categoryIds[0] })).json().result as { id: string };
    expect((await call('DELETE', `/api/admin/products/${created.id}/`)).statusCode).toBe(200);
    expect((await call('GET', `/api/admin/products/${created.id}/count/`)).statusCode).toBe(404);

    const page = (await call('GET', '/api/admin/products/?perPage=15&page=1')).json().result as { items: unknown[]; total: number; pageCount: number };
    expect(page.items.length).toBe(Math.min(15, page.total));
    const found = (await call('GET', `/api/admin/products/?search=pils&categoryId=${s.categoryIds[0]}`)).json().result as { items: { name: string }[] };
    expect(found.items.map((p) => p.name)).toContain('Test Pils');
    expect(found.items.every((p) => /pils/i.test(p.name))).toBe(true);
  });

  it('refuses bad input with lines: a price that is text, below zero or above € 1.000, an unknown category', async () => {
    for (const [price, msg] of [
      ['2,3x', 'expected number'],
      [-1, 'A price cannot be below € 0,00.'],
      [100_001, 'A price cannot be above € 1.000,00.'],
    ] as const) {
      const res = await call('POST', '/api/admin/products/', { name: 'Fout', price, categoryId: s.categoryIds[0] });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toContainEqual(expect.objectContaining({ loc: ['body', 'price'], msg }));
    }
    const unknown = await call('POST', '/api/admin/products/', { name: 'Fout', price: 100, categoryId: '64b7f0c2a1b2c3d4e5f60799' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail).toEqual([{ loc: ['body', 'categoryId'], msg: 'This category does not exist.', type: 'value_error' }]);
  });

  it('gives a product a deposit amount in cents: the till and checkout see it, the change is audited, bad amounts are refused', async () => {
    for (const [depositAmount, msg] of [
      [-10, 'A deposit cannot be below € 0,00.'],
      [12.5, 'A deposit is a whole number of cents.'],
      [10_001, 'A deposit cannot be above € 100,00.'],
      ['3,90', 'expected number'],
    ] as const) {
      const res = await call('POST', '/api/admin/products/', { name: 'Fout Krat', price: 100, categoryId: s.categoryIds[0], depositAmount });
      expect(res.statusCode, String(depositAmount)).toBe(422);
      expect(res.json().detail).toContainEqual(expect.objectContaining({ loc: ['body', 'depositAmount'], msg }));
    }
    const created = await call('POST', '/api/admin/products/', { name: 'Krat Test (statiegeld)', price: 1450, categoryId: s.categoryIds[0], depositAmount: 390 });
    expect(created.statusCode, created.body).toBe(200);
    const product = created.json().result;
    expect(product).toMatchObject({ deposit: true, depositAmount: 390 });
    const till = (await s.catalog.inject({ method: 'GET', url: '/api/products/', headers: { authorization: s.token(['PAYMENT_CASH']) } })).json().result;
    const onTill = till.categories.flatMap((c: { products: { id: string }[] }) => c.products).find((p: { id: string }) => p.id === product.id);
    expect(onTill).toMatchObject({ deposit: true, depositAmount: 390 });

    const changed = await call('PUT', `/api/admin/products/${product.id}/`, { ...product, depositAmount: 0 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().result).toMatchObject({ deposit: false, depositAmount: 0 });
    const entries = await auditLogModel(s.accountsDb).find({ entityType: 'product', entityId: product.id }).sort({ at: 1 }).lean();
    expect(entries.map((e) => [e.action, (e.before as { depositAmount?: number } | null)?.depositAmount ?? null, (e.after as { depositAmount: number }).depositAmount])).toEqual([
      ['product.create', null, 390],
      ['product.update', 390, 0],
    ]);
  });

  it('keeps category names unique, colours #rrggbb, and a category with products', async () => {
    const first = await call('POST', '/api/admin/categories/', { name: 'Cocktails', colour: '#AA3300' });
    expect(first.json().result).toMatchObject({ name: 'Cocktails', colour: '#aa3300', productCount: 0 });
    const again = await call('POST', '/api/admin/categories/', { name: 'cocktails', colour: '#aa3300' });
    expect(again.statusCode).toBe(409);
    const colour = await call('POST', '/api/admin/categories/', { name: 'Wijn', colour: 'red' });
    expect(colour.statusCode).toBe(422);
    expect(colour.json().detail).toEqual([{ loc: ['body', 'colour'], msg: 'Use a colour like #1e88e5.', type: 'value_error' }]);

    const full = await call('DELETE', `/api/admin/categories/${s.categoryIds[0]}/`);
    expect(full.statusCode).toBe(409);
    expect(full.json().errorMessage).toMatch(/still holds \d+ products\. Move or delete them first\.$/);
    expect((await call('DELETE', `/api/admin/categories/${first.json().result.id}/`)).statusCode).toBe(200);
  });

  it('manages the reasons the till offers under Other', async () => {
    const created = (await call('POST', '/api/admin/reasons/', { name: 'Bestuursborrel' })).json().result as { id: string };
    expect((await call('POST', '/api/admin/reasons/', { name: 'BESTUURSBORREL' })).statusCode).toBe(409);
    const till = await s.catalog.inject({ method: 'GET', url: '/api/checkout/reasons/', headers: { authorization: s.token(['PAYMENT_OTHER']) } });
    expect(JSON.stringify(till.json())).toContain('Bestuursborrel');
    expect((await call('DELETE', `/api/admin/reasons/${created.id}/`)).statusCode).toBe(200);
  });

  it('Bar Management: the menu slide shows the chosen categories in the chosen order, the till keeps them all', async () => {
    const all = (await call('GET', '/api/admin/bar/menu/')).json().result.categories as { id: string; name: string; onMenu: boolean }[];
    expect(all.every((c) => c.onMenu)).toBe(true);
    const [first, second, third] = all;
    const set = await call('PUT', '/api/admin/bar/menu/', { categoryIds: [third!.id, first!.id] });
    expect(set.statusCode, set.body).toBe(200);
    expect((set.json().result.categories as { name: string; onMenu: boolean }[]).slice(0, 3)).toEqual([
      expect.objectContaining({ name: third!.name, onMenu: true }),
      expect.objectContaining({ name: first!.name, onMenu: true }),
      expect.objectContaining({ onMenu: false }),
    ]);
    const menu = (await s.catalog.inject({ method: 'GET', url: '/api/products/menu/' })).json().result.categories as { name: string }[];
    expect(menu.map((c) => c.name)).toEqual([third!.name, first!.name]);
    const till = (await s.catalog.inject({ method: 'GET', url: '/api/products/', headers: { authorization: s.token(TILL) } })).json().result.categories as { name: string }[];
    expect(till.map((c) => c.name)).toContain(second!.name);
    expect((await call('PUT', '/api/admin/bar/menu/', { categoryIds: ['64b7f0c2a1b2c3d4e5f60799'] })).statusCode).toBe(422);
    expect((await call('PUT', '/api/admin/bar/menu/', { categoryIds: all.map((c) => c.id) })).statusCode).toBe(200);
  });

  it('lists every product, hidden ones too, by name, for admins only', async () => {
    const shown = (await call('POST', '/api/admin/products/', { name: 'Aaa Alle Producten', price: 150, categoryId: s.categoryIds[0], vatRate: 9 })).json().result as { id: string };
    const hidden = (await call('POST', '/api/admin/products/', { name: 'Aab Verborgen', price: 160, categoryId: s.categoryIds[0], vatRate: 21 })).json().result as { id: string };
    expect((await call('PUT', `/api/admin/products/${hidden.id}/`, { name: 'Aab Verborgen', price: 160, categoryId: s.categoryIds[0], vatRate: 21, hidden: true })).statusCode).toBe(200);
    const all = await call('GET', '/api/admin/products/all/');
    expect(all.statusCode, all.body).toBe(200);
    const products = all.json().result.products as { id: string; name: string; price: number; hidden: boolean; vatRate: number }[];
    const names = products.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(products.find((p) => p.id === shown.id)).toMatchObject({ name: 'Aaa Alle Producten', price: 150, hidden: false, vatRate: 9 });
    expect(products.find((p) => p.id === hidden.id)).toMatchObject({ name: 'Aab Verborgen', hidden: true });
    // The till's own list leaves the hidden one out; the admin list is the admin's.
    const till = JSON.stringify((await s.catalog.inject({ method: 'GET', url: '/api/products/', headers: { authorization: s.token(TILL) } })).json());
    expect(till).toContain('Aaa Alle Producten');
    expect(till).not.toContain('Aab Verborgen');
    expect((await s.catalog.inject({ method: 'GET', url: '/api/admin/products/all/', headers: { authorization: s.token(TILL) } })).statusCode).toBe(403);
  });

  it('resolves an entry a crash left pending with the checks of the catalog: kept when the record matches its after, dropped when not', async () => {
    // A relay whose accounts stand-in notes what it is sent: a resolved entry is sent, a dropped one is not.
    const sent: string[] = [];
    const stub = createServer((req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString()));
      req.on('end', () => {
        sent.push((JSON.parse(text) as { key: string }).key);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    const relay = auditClient(`http://127.0.0.1:${(stub.address() as AddressInfo).port}`, 'token', { outbox: s.catalogDb, graceMs: 0, relayEveryMs: 600_000 });
    registerAuditChecks({ db: s.catalogDb, audit: relay });
    const created = (await call('POST', '/api/admin/products/', { name: 'Crash Pils', price: 240, categoryId: s.categoryIds[0], vatRate: 21 })).json().result;
    const changed = await call('PUT', `/api/admin/products/${created.id}/`, { ...created, price: 250 });
    expect(changed.statusCode, changed.body).toBe(200);
    const category = (await call('GET', '/api/admin/categories/')).json().result.categories[0];
    const menu = (await call('GET', '/api/admin/bar/menu/')).json().result.categories.filter((c: { onMenu: boolean }) => c.onMenu).map((c: { name: string }) => c.name);

    const pending = { product: { ...created, price: 250 }, wrongPrice: { ...created, price: 999 }, category: { id: category.id, name: category.name, colour: category.colour, position: category.position }, deleted: null, menu: { menu } };
    const entities = { product: 'product', wrongPrice: 'product', category: 'category', deleted: 'product', menu: 'bar_menu' };
    const outbox = s.catalogDb.collection<{ _id: string; body?: object; state?: string; owner?: string; createdAt?: Date }>(AUDIT_OUTBOX);
    for (const [name, after] of Object.entries(pending)) {
      const entity = entities[name as keyof typeof entities];
      const entityId = entity === 'bar_menu' ? 'menu' : entity === 'category' ? category.id : created.id;
      const body = { key: `crash:${name}:${created.id}`, actor: { id: ADMIN.sub, username: 'admin' }, action: `${entity}.update`, entity, entityId, before: null, after, at: new Date().toISOString() };
      await outbox.insertOne({ _id: body.key, body, state: 'pending', owner: 'crashed', createdAt: new Date() });
    }
    await relay.flush();
    expect(sent.filter((key) => key.startsWith('crash:')).sort()).toEqual(['category', 'menu', 'product'].map((name) => `crash:${name}:${created.id}`));
    expect(await outbox.countDocuments({ _id: { $in: Object.keys(pending).map((name) => `crash:${name}:${created.id}`) } })).toBe(0);
    await new Promise((resolve) => stub.close(resolve));
    await relay.close();
  });
});
