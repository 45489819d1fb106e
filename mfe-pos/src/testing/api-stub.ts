import { vi } from 'vitest';

export interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
}

export const ok = (result: unknown) => ({ error: false, errorCode: 200, errorIdentifier: null, errorMessage: null, result });
export const fail = (code: number, identifier: string, message: string) => ({
  error: true,
  errorCode: code,
  errorIdentifier: identifier,
  errorMessage: message,
  result: null,
});
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Handler = (call: Call, calls: Call[]) => Response | Promise<Response>;

/** Answers API calls by "METHOD /path" (path without /api); records every call. Unknown routes answer 404. */
export function stubApi(routes: Record<string, Handler>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const call: Call = {
        method: init?.method ?? 'GET',
        path: url.pathname.replace(/^\/api/, ''),
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined,
      };
      calls.push(call);
      const exact = routes[`${call.method} ${call.path}`];
      const pattern = Object.entries(routes).find(([k]) => {
        const [m, p] = k.split(' ');
        return m === call.method && p?.includes('*') && new RegExp(`^${p.replace(/[.?]/g, '\\$&').replace(/\*/g, '[^/]+')}$`).test(call.path);
      })?.[1];
      const handler = exact ?? pattern;
      return handler ? handler(call, calls) : json(404, fail(404, 'not_found', `no route ${call.path}`));
    }),
  );
  return calls;
}
