import { vi } from 'vitest';

/**
 * Component tests' stand-in for the API (`@kassa/api-client/testing`): fetch replaced by a function that records
 * every call and answers in the SPEC 7 wrapper. Tests only; the product never imports it.
 */
export interface ApiCall {
  url: string;
  method: string;
  /** The URL's path; with `stubApi`'s `prefix`, without it. */
  path: string;
  search: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  auth: string | undefined;
  /** The body as JSON, when it was JSON text. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read what they sent
  body: any;
  /** The body as fetch got it (text, FormData). */
  rawBody: BodyInit | null | undefined;
}

export const ok = (result: unknown) => ({ error: false, errorCode: 200, errorIdentifier: null, errorMessage: null, result });

export const fail = (code: number, identifier: string, message: string, detail?: unknown) => ({
  error: true,
  errorCode: code,
  errorIdentifier: identifier,
  errorMessage: message,
  result: null,
  ...(detail ? { detail } : {}),
});

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function parsed(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** Replaces fetch with `answer`; returns the calls it saw, in order. */
export function stubFetch(answer: (call: ApiCall, calls: ApiCall[]) => Response | Promise<Response>, opts: { prefix?: string } = {}): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>));
      const call: ApiCall = {
        url: String(input),
        method: init?.method ?? 'GET',
        path: opts.prefix && url.pathname.startsWith(opts.prefix) ? url.pathname.slice(opts.prefix.length) : url.pathname,
        search: url.search,
        query: url.searchParams,
        headers,
        auth: headers.Authorization,
        body: parsed(init?.body),
        rawBody: init?.body,
      };
      calls.push(call);
      return answer(call, calls);
    }),
  );
  return calls;
}

/**
 * Answers by "METHOD /path" (without the query; `*` stands for one path segment) and records every call; a route
 * not given answers 404 in the wrapper.
 */
export function stubApi(routes: Record<string, (call: ApiCall, calls: ApiCall[]) => Response | Promise<Response>>, opts: { prefix?: string } = {}): ApiCall[] {
  const patterns = Object.entries(routes)
    .filter(([key]) => key.includes('*'))
    .map(([key, handler]) => {
      const [method, path] = key.split(' ');
      return { method, re: new RegExp(`^${path!.replace(/[.?]/g, '\\$&').replace(/\*/g, '[^/]+')}$`), handler };
    });
  return stubFetch((call, calls) => {
    const handler = routes[`${call.method} ${call.path}`] ?? patterns.find((p) => p.method === call.method && p.re.test(call.path))?.handler;
    return handler ? handler(call, calls) : json(404, fail(404, 'not_found', `no route ${call.path}`));
  }, opts);
}
