import { freeze } from '@reduxjs/toolkit';
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

/**
 * The last answer to a few GETs, by URL. The till asks for its products and accounts again every minute and the answer
 * is mostly the same text: then it is not parsed again, and RTK Query is handed the very objects it holds, which ends its
 * comparison of old and new at the root. With 2,000 products and 5,000 accounts each such poll had taken a long task
 * of the page (JSON.parse and the comparison of every object) while staff may be typing or tapping.
 */
const lastAnswers = new Map<string, { text: string; result: unknown }>();
const KEPT_ANSWERS = 8;

function keepAnswer(url: string, text: string, result: unknown): void {
  // Frozen once here (immer's deep freeze, re-exported by Redux Toolkit), the kept answer is skipped by immer's finalize
  // when RTK Query stores it again; not frozen, immer walked all of it on every poll looking for drafts (30-50 ms of the
  // poll's long task with 5,000 accounts in a CPU profile; 12 ms frozen). Query data is never changed in place anyway.
  freeze(result, true);
  lastAnswers.delete(url);
  lastAnswers.set(url, { text, result });
  if (lastAnswers.size > KEPT_ANSWERS) lastAnswers.delete(lastAnswers.keys().next().value!);
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
  const url = requestUrl(req.url, req.params);
  const method = req.method ?? 'GET';
  try {
    response = await ((method === 'GET' ? takeEarlyResponse(url, token) : undefined) ?? fetch(url, { method, headers, body, signal }));
    text = response.status === 204 ? '' : await response.text();
  } catch {
    return { error: { ...NETWORK_ERROR }, meta: { status: 0 } };
  }
  const meta = { status: response.status };

  if (!response.ok) return { error: errorFromResponse(response.status, response.statusText, text), meta };
  if (response.status === 204) return { data: null, meta };
  const kept = method === 'GET' ? lastAnswers.get(url) : undefined;
  if (kept && kept.text === text) return { data: kept.result, meta };

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
  if (method === 'GET') keepAnswer(url, text, wrapper.result);
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
