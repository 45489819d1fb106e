/** @vitest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { performRequest, kassaBaseQuery } from './base-query';
import { makeStore } from './store';
import { selectBusy } from './requests-slice';
import { invalidTokenReceived } from './session-events';
import { fail, json, ok, stubFetch } from './testing';

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('performRequest: requests', () => {
  it('sends the stored token as a bearer header, and none without one', async () => {
    const seen = stubFetch(() => json(200, ok([])));
    await performRequest('/products/');
    localStorage.setItem('access_token', 'abc');
    await performRequest('/products/');
    expect(seen[0]?.headers.Authorization).toBeUndefined();
    expect(seen[1]?.headers.Authorization).toBe('Bearer abc');
  });

  it('puts /api in front of the path and leaves empty query values out', async () => {
    const seen = stubFetch(() => json(200, ok([])));
    await performRequest({ url: '/admin/accounts/', params: { page: 2, perPage: 15, search: '', type: null, x: undefined } });
    const url = new URL(seen[0]!.url);
    expect(url.pathname).toBe('/api/admin/accounts/');
    expect(url.search).toBe('?page=2&perPage=15');
  });

  it('sends objects as JSON and form data as multipart', async () => {
    const seen = stubFetch(() => json(200, ok(null)));
    await performRequest({ url: '/login/', method: 'POST', body: { username: 'Jan', password: 'x' } });
    const form = new FormData();
    form.append('file', 'a,b');
    await performRequest({ url: '/admin/invoices/', method: 'POST', body: form });
    expect(seen[0]?.headers['Content-Type']).toBe('application/json');
    expect(seen[0]?.rawBody).toBe(JSON.stringify({ username: 'Jan', password: 'x' }));
    expect(seen[1]?.headers['Content-Type']).toBeUndefined();
    expect(seen[1]?.rawBody).toBe(form);
  });
});

describe('performRequest: answers', () => {
  it('unwraps the result of the response wrapper', async () => {
    stubFetch(() => json(200, ok({ categories: [{ name: 'Bier' }] })));
    expect(await performRequest('/products/')).toMatchObject({ data: { categories: [{ name: 'Bier' }] } });
  });

  it('gives no data for 204', async () => {
    stubFetch(() => new Response(null, { status: 204 }));
    const res = await performRequest({ url: '/transactions/1/undo/', method: 'POST' });
    expect(res.error).toBeUndefined();
    expect(res.data).toBeNull();
  });

  it('counts an answer without result as an error', async () => {
    stubFetch(() => json(200, { error: false, errorCode: 200 }));
    const res = await performRequest('/config/');
    expect(res.error).toMatchObject({ identifier: 'unknown_error', status: 200 });
  });

  it('maps a network failure to network_error "Network connection error"', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const res = await performRequest('/products/');
    expect(res.error).toMatchObject({ status: 0, identifier: 'network_error', message: 'Network connection error' });
  });

  it('maps a wrapper error to its code, identifier and message', async () => {
    stubFetch(() => json(403, fail(403, 'insufficient_permissions', 'No permission')));
    const res = await performRequest('/admin/users/');
    expect(res.error).toMatchObject({ status: 403, code: 403, identifier: 'insufficient_permissions', message: 'No permission' });
    expect(res.error?.raw).toBeUndefined();
  });

  it('uses unknown_error when an error has no body', async () => {
    stubFetch(() => new Response('', { status: 503, statusText: 'Service Unavailable' }));
    const res = await performRequest('/products/');
    expect(res.error).toMatchObject({ status: 503, identifier: 'unknown_error', message: 'Service Unavailable' });
  });

  it('keeps the raw text of an answer that is not JSON', async () => {
    stubFetch(() => new Response('<html>Bad Gateway</html>', { status: 502 }));
    const res = await performRequest('/products/');
    expect(res.error).toMatchObject({ status: 502, identifier: 'unknown_error', raw: '<html>Bad Gateway</html>' });
  });

  it("takes the message from a server error body's error field", async () => {
    stubFetch(() => json(500, { error: 'database is down' }));
    const res = await performRequest('/products/');
    expect(res.error).toMatchObject({ status: 500, raw: 'database is down', message: 'database is down' });
  });

  it('turns 422 details into the readable lines of SPEC 5', async () => {
    stubFetch(() =>
      json(
        422,
        fail(422, 'validation_error', 'Validation error', [
          { loc: ['body', 'username'], msg: 'field required', type: 'missing' },
          { loc: ['body', 'pin'], msg: 'enter at least 4 characters', type: 'value_error.ensure' },
          { loc: ['body', 'iban'], msg: 'Invalid IBAN.', type: 'value_error' },
          { loc: ['body', 'products', 0, 'amount'], msg: 'expected number', type: 'type_error.number' },
          { loc: ['query', 'page'], msg: 'weird', type: 'something_else' },
        ]),
      ),
    );
    const res = await performRequest({ url: '/login/', method: 'POST', body: {} });
    expect(res.error?.identifier).toBe('validation_error');
    expect(res.error?.lines).toEqual([
      "Missing required property 'username'.",
      "Please enter at least 4 characters for 'pin'.",
      'Invalid IBAN.',
      "Expected 'products.0.amount' to be of type 'number'.",
      "Property 'page' contains invalid data.",
    ]);
    expect(res.error?.message).toBe(res.error?.lines.join('\n'));
  });

  it('reads 422 details without the wrapper too', async () => {
    stubFetch(() => json(422, { detail: [{ loc: ['body', 'amount'], msg: 'field required', type: 'missing' }] }));
    const res = await performRequest({ url: '/account/upgrade', method: 'POST', body: {} });
    expect(res.error).toMatchObject({ identifier: 'validation_error', lines: ["Missing required property 'amount'."] });
  });
});

describe('performRequest: an answer the same as the last', () => {
  it('hands back the same objects for a GET answered with the same text, new ones once the text changes, never for a POST', async () => {
    let products = [{ id: 'a', name: 'Pils' }];
    stubFetch(() => json(200, ok({ products })));
    const first = await performRequest('/kept/products/');
    const again = await performRequest('/kept/products/');
    expect(again.data).toEqual({ products });
    expect(again.data).toBe(first.data);
    expect(Object.isFrozen(first.data)).toBe(true);
    expect(Object.isFrozen((first.data as { products: object[] }).products[0])).toBe(true);
    products = [{ id: 'a', name: 'Pils 0,5' }];
    const changed = await performRequest('/kept/products/');
    expect(changed.data).toEqual({ products });
    expect(changed.data).not.toBe(first.data);
    const posted = await performRequest({ url: '/kept/products/', method: 'POST', body: {} });
    const postedAgain = await performRequest({ url: '/kept/products/', method: 'POST', body: {} });
    expect(postedAgain.data).toEqual(posted.data);
    expect(postedAgain.data).not.toBe(posted.data);
  });

  it('does not hand one URL the answer of another with the same text', async () => {
    stubFetch(() => json(200, ok({ n: 1 })));
    const a = await performRequest('/kept/a/');
    const b = await performRequest('/kept/b/');
    expect(b.data).toEqual(a.data);
    expect(b.data).not.toBe(a.data);
  });
});

describe('kassaBaseQuery', () => {
  const apiFor = (store: ReturnType<typeof makeStore>) => ({
    dispatch: store.dispatch,
    getState: store.getState,
    signal: new AbortController().signal,
    abort: () => undefined,
    extra: undefined,
    endpoint: 'test',
    type: 'query' as const,
  });

  it('marks the app busy while a request runs', async () => {
    const store = makeStore();
    let release!: () => void;
    stubFetch(() => new Promise<Response>((resolve) => (release = () => resolve(json(200, ok(1))))));
    const pending = kassaBaseQuery('/products/', apiFor(store), {});
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    expect(selectBusy(store.getState())).toBe(true);
    release();
    await pending;
    expect(selectBusy(store.getState())).toBe(false);
  });

  it('reports a refused token and marks the error as shown', async () => {
    localStorage.setItem('access_token', 'old');
    const store = makeStore();
    const seen: unknown[] = [];
    const dispatch = ((action: unknown) => {
      seen.push(action);
      return store.dispatch(action as Parameters<typeof store.dispatch>[0]);
    }) as typeof store.dispatch;
    stubFetch(() => json(401, fail(401, 'invalid_access_token', 'Token expired, please login again.')));
    const res = await kassaBaseQuery('/config/', { ...apiFor(store), dispatch }, {});
    expect(res.error).toMatchObject({ identifier: 'invalid_access_token', handled: true });
    expect(seen.some((a) => invalidTokenReceived.match(a as never))).toBe(true);
  });

  it('does not report a refused token when none was stored (a public page)', async () => {
    const store = makeStore();
    const seen: unknown[] = [];
    const dispatch = ((action: unknown) => {
      seen.push(action);
      return store.dispatch(action as Parameters<typeof store.dispatch>[0]);
    }) as typeof store.dispatch;
    stubFetch(() => json(401, fail(401, 'invalid_access_token', 'Token expired, please login again.')));
    const res = await kassaBaseQuery('/config/', { ...apiFor(store), dispatch }, {});
    expect(res.error?.handled).toBeUndefined();
    expect(seen.some((a) => invalidTokenReceived.match(a as never))).toBe(false);
  });
});
