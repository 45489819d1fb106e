import { vi } from 'vitest';

export interface Recorded {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: BodyInit | null | undefined;
}

/** Replaces fetch with a function answering from `respond`; returns the list of requests it saw. */
export function stubFetch(respond: (req: Recorded) => Response | Promise<Response>) {
  const seen: Recorded[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const req: Recorded = {
        url: String(input),
        method: init?.method ?? 'GET',
        headers: Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>)),
        body: init?.body,
      };
      seen.push(req);
      return respond(req);
    }),
  );
  return seen;
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const okBody = (result: unknown) => ({ error: false, errorCode: 200, errorIdentifier: null, errorMessage: null, result });

export const errorBody = (code: number, identifier: string, message: string, detail?: unknown) => ({
  error: true,
  errorCode: code,
  errorIdentifier: identifier,
  errorMessage: message,
  result: null,
  ...(detail ? { detail } : {}),
});
