import type { BaseQueryFn, QueryReturnValue } from '@reduxjs/toolkit/query';
import { takeEarlyResponse } from './early-requests';
import { errorFromResponse, missingResultError, NETWORK_ERROR, type KassaError } from './kassa-error';
import { buildQueryString, type QueryParams } from './query-string';
import { requestFinished, requestStarted } from './requests-slice';
import { invalidTokenReceived } from './session-events';
import { readAccessToken } from './token-storage';

export const API_BASE = '/api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface KassaRequest {
  /** Path under /api ('/products/'); a path that already starts with /api/ is taken as is. */
  url: string;
  method?: HttpMethod;
  /** Sent as JSON, or as multipart when it is FormData. */
  body?: unknown;
  params?: QueryParams;
}
export type KassaArgs = string | KassaRequest;

export interface KassaMeta {
  status: number;
}

export type KassaResult<T = unknown> = QueryReturnValue<T, KassaError, KassaMeta>;

function requestUrl(url: string, params: QueryParams | undefined): string {
  const path = url.startsWith(`${API_BASE}/`) ? url : `${API_BASE}${url.startsWith('/') ? '' : '/'}${url}`;
  const base = globalThis.location?.href ?? 'http://localhost/';
  return new URL(`${path}${buildQueryString(params)}`, base).toString();
}

/** One request to the Kassa API, unwrapped (`result`) or mapped to a KassaError. Touches no store. */
export async function performRequest(args: KassaArgs, signal?: AbortSignal): Promise<KassaResult> {
  const req: KassaRequest = typeof args === 'string' ? { url: args } : args;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = readAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (req.body instanceof FormData) {
    body = req.body;
  } else if (req.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(req.body);
  }

  let response: Response;
  let text: string;
  try {
    const url = requestUrl(req.url, req.params);
    const method = req.method ?? 'GET';
    response = await ((method === 'GET' ? takeEarlyResponse(url, token) : undefined) ?? fetch(url, { method, headers, body, signal }));
    text = response.status === 204 ? '' : await response.text();
  } catch {
    return { error: { ...NETWORK_ERROR }, meta: { status: 0 } };
  }
  const meta = { status: response.status };

  if (!response.ok) return { error: errorFromResponse(response.status, response.statusText, text), meta };
  if (response.status === 204) return { data: null, meta };

  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { error: errorFromResponse(response.status, response.statusText, text), meta };
  }
  if (typeof parsed !== 'object' || parsed === null) return { error: missingResultError(response.status), meta };
  const wrapper = parsed as { error?: unknown; result?: unknown };
  // Some proxies answer 200 with an error wrapper inside; the wrapper's own flag wins.
  if (wrapper.error === true) return { error: errorFromResponse(response.status, response.statusText, text), meta };
  if (!('result' in wrapper) || wrapper.result === undefined) return { error: missingResultError(response.status), meta };
  return { data: wrapper.result, meta };
}

/**
 * RTK Query base query of the one API slice: counts active requests (the busy bar) and reports a refused token so the
 * shell can show "Token expired, please login again." and log out.
 */
export const kassaBaseQuery: BaseQueryFn<KassaArgs, unknown, KassaError, object, KassaMeta> = async (
  args,
  api,
) => {
  api.dispatch(requestStarted());
  let result: KassaResult;
  try {
    result = await performRequest(args, api.signal);
  } finally {
    api.dispatch(requestFinished());
  }
  if (result.error && result.error.identifier === 'invalid_access_token' && readAccessToken() !== null) {
    result = { ...result, error: { ...result.error, handled: true } };
    api.dispatch(invalidTokenReceived(result.error));
  }
  return result;
};
