/** @vitest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { performRequest } from './base-query';
import { startEarlyRequest } from './early-requests';
import { json, ok, stubFetch } from './testing';

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('early requests', () => {
  it('hands a GET started before the app loaded to the first request for it, once', async () => {
    localStorage.setItem('access_token', 'tok');
    let n = 0;
    const seen = stubFetch(() => json(200, ok({ answer: ++n })));
    startEarlyRequest('/api/products/');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.headers.Authorization).toBe('Bearer tok');
    expect(await performRequest('/products/')).toMatchObject({ data: { answer: 1 } });
    expect(seen).toHaveLength(1);
    expect(await performRequest('/products/')).toMatchObject({ data: { answer: 2 } });
    expect(seen).toHaveLength(2);
  });

  it('starts nothing without a token and is not used for another token, another path or another method', async () => {
    const seen = stubFetch(() => json(200, ok({})));
    startEarlyRequest('/api/config/');
    expect(seen).toHaveLength(0);
    localStorage.setItem('access_token', 'old');
    startEarlyRequest('/api/config/');
    startEarlyRequest('/api/products/');
    localStorage.setItem('access_token', 'new');
    await performRequest('/config/');
    await performRequest({ url: '/products/', params: { search: 'pils' } });
    await performRequest({ url: '/products/', method: 'POST', body: {} });
    expect(seen.map((c) => `${c.method} ${new URL(c.url).pathname}${new URL(c.url).search} ${c.headers.Authorization}`)).toEqual([
      'GET /api/config/ Bearer old',
      'GET /api/products/ Bearer old',
      'GET /api/config/ Bearer new',
      'GET /api/products/?search=pils Bearer new',
      'POST /api/products/ Bearer new',
    ]);
  });

  it('asks again when the early answer has grown stale', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    localStorage.setItem('access_token', 'tok');
    const seen = stubFetch(() => json(200, ok({})));
    startEarlyRequest('/api/products/');
    vi.setSystemTime(Date.now() + 60_000);
    await performRequest('/products/');
    expect(seen).toHaveLength(2);
  });
});
