import { ApiError, ApiResponse, UNHANDLED_HEADER, type ErrorIdentifier } from '@kassa/contracts';
import { z } from 'zod';
import { AppError } from './errors';

export interface InternalCallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  requestId?: string;
  timeoutMs?: number;
  /**
   * The request may be sent again when the connection broke after it was sent (the replica died mid-way): a GET, or a
   * POST its route makes idempotent (a ledger posting, by its key). Other requests are only sent again to another
   * replica when the first refused the connection, which means it never saw them.
   */
  repeatable?: boolean;
}

/**
 * Calls another service's internal route. Errors in the wrapper are raised again as AppError with the same status
 * and identifier, so a user-facing error (insufficient_credits, invalid_account_pin) passes through unchanged;
 * a service that cannot be reached becomes a retryable 503. A successful answer is parsed with the caller's schema of
 * its result (the route's own contract), so a service that answers something else fails here, not further on.
 */
export type InternalClient = <S extends z.ZodType>(path: string, schema: S, opts?: InternalCallOptions) => Promise<z.output<S>>;

export function internalClient(baseUrls: string | string[], internalToken: string): InternalClient {
  const nextBase = rotation(baseUrls);
  const replicas = Array.isArray(baseUrls) ? baseUrls.length : 1;
  return async function call<S extends z.ZodType>(path: string, schema: S, opts: InternalCallOptions = {}): Promise<z.output<S>> {
    const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST');
    const repeatable = opts.repeatable ?? method === 'GET';
    let res: Response | undefined;
    // Replicas in turn; a replica that refuses the connection never saw the request, so the next one is asked.
    for (let tried = 1; !res; tried++) {
      try {
        const answer = await fetch(new URL(path, nextBase()), {
          method,
          headers: {
            'x-internal-token': internalToken,
            ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(opts.requestId ? { 'x-request-id': opts.requestId } : {}),
          },
          body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
        });
        // A replica stopping refused it before doing anything: the next one is asked.
        if (answer.status === 503 && answer.headers.get(UNHANDLED_HEADER) && tried < replicas) {
          await answer.body?.cancel();
          continue;
        }
        res = answer;
      } catch (err) {
        const failure = connectionFailure(causeCode(err));
        if (tried < replicas && (failure === 'refused' || (repeatable && failure === 'midway'))) continue;
        // Staff read this at the till: it says what to do, not which connection failed.
        throw new AppError(503, 'service_unavailable', 'A Kassa service is unavailable for a moment. Please try again.');
      }
    }
    const text = await res.text();
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: handled below */
    }
    if (!res.ok) {
      const parsed = ApiError.safeParse(json);
      if (parsed.success) {
        throw new AppError(res.status, parsed.data.errorIdentifier as ErrorIdentifier, parsed.data.errorMessage, parsed.data.detail);
      }
      throw new AppError(res.status >= 500 ? 503 : res.status, 'service_unavailable', `A Kassa service answered ${res.status}. Please try again.`);
    }
    const wrapped = ApiResponse(z.unknown()).safeParse(json);
    const answer = wrapped.success ? schema.safeParse(wrapped.data.result) : null;
    if (!answer?.success) {
      throw new AppError(502, 'bad_gateway', 'A Kassa service gave an answer that does not match its contract. Please try again.');
    }
    return answer.data;
  };
}

/** A service's replicas in turn (one URL: always that one). */
export function rotation(baseUrls: string | string[]): () => string {
  const bases = Array.isArray(baseUrls) ? baseUrls : [baseUrls];
  let next = 0;
  return () => bases[next++ % bases.length]!;
}

const causeCode = (err: unknown) => (err as { cause?: { code?: string } } | null)?.cause?.code;

/**
 * How a request to another process failed, by its error code: `refused`, the connection was refused (the request never
 * reached it); `midway`, the connection broke after the request went out (undici: "other side closed"), so it may or
 * may not have been acted on; null, anything else.
 */
export function connectionFailure(code: string | undefined): 'refused' | 'midway' | null {
  if (code === 'ECONNREFUSED') return 'refused';
  return code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE' ? 'midway' : null;
}
