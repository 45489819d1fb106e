import { ApiError, ApiResponse, UNHANDLED_HEADER, type ErrorIdentifier } from '@kassa/contracts';
import { z } from 'zod';
import { AppError } from './errors';
import { serviceReplicas } from './replicas';

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

/**
 * The answer's wrapper, built once: zod 4 compiles an object schema into a function on its first parse, so a schema made
 * per call was compiled on every call (with `new Function`, which Node then scans for a source map). In a CPU profile of
 * the checkout service under bench/checkout's tills that was a third of its time in internal calls.
 */
const Wrapped = ApiResponse(z.unknown());

export function internalClient(baseUrls: string | string[], internalToken: string): InternalClient {
  const replicas = serviceReplicas(baseUrls);
  const origin = replicas.origins[0]!;
  // With several replicas a request is tried once more than there are replicas: the BalancedPool lowers a failed
  // replica's weight rather than skipping it at once, so the next try goes elsewhere nearly always, not always.
  const attempts = replicas.count === 1 ? 1 : replicas.count + 1;
  return async function call<S extends z.ZodType>(path: string, schema: S, opts: InternalCallOptions = {}): Promise<z.output<S>> {
    const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST');
    const repeatable = opts.repeatable ?? method === 'GET';
    let res: { statusCode: number; text: string } | undefined;
    for (let tried = 1; !res; tried++) {
      try {
        // undici's request through the service's dispatcher: the BalancedPool picks the replica (replicas.ts).
        const answer = await replicas.dispatcher.request({
          origin,
          path,
          method,
          headers: {
            'x-internal-token': internalToken,
            ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(opts.requestId ? { 'x-request-id': opts.requestId } : {}),
          },
          body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
        });
        // A replica stopping refused it before doing anything: another one is asked.
        if (answer.statusCode === 503 && answer.headers[UNHANDLED_HEADER] && tried < attempts) {
          await answer.body.dump();
          continue;
        }
        res = { statusCode: answer.statusCode, text: await answer.body.text() };
      } catch (err) {
        const failure = connectionFailure((err as { code?: string } | null)?.code);
        // Ask every replica now rather than at the next check, so one that is down leaves the rotation at once.
        if (failure) void replicas.check();
        if (tried < attempts && (failure === 'refused' || (repeatable && failure === 'midway'))) continue;
        // Staff read this at the till: it says what to do, not which connection failed.
        throw new AppError(503, 'service_unavailable', 'A Kassa service is unavailable for a moment. Please try again.');
      }
    }
    const { statusCode, text } = res;
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: handled below */
    }
    if (statusCode < 200 || statusCode > 299) {
      const parsed = ApiError.safeParse(json);
      if (parsed.success) {
        throw new AppError(statusCode, parsed.data.errorIdentifier as ErrorIdentifier, parsed.data.errorMessage, parsed.data.detail);
      }
      throw new AppError(statusCode >= 500 ? 503 : statusCode, 'service_unavailable', `A Kassa service answered ${statusCode}. Please try again.`);
    }
    const wrapped = Wrapped.safeParse(json);
    const answer = wrapped.success ? schema.safeParse(wrapped.data.result) : null;
    if (!answer?.success) {
      throw new AppError(502, 'bad_gateway', 'A Kassa service gave an answer that does not match its contract. Please try again.');
    }
    return answer.data;
  };
}


/**
 * How a request to another process failed, by its error code: `refused`, the connection was refused (the request never
 * reached it); `midway`, the connection broke after the request went out (undici: "other side closed"), so it may or
 * may not have been acted on; null, anything else.
 */
export function connectionFailure(code: string | undefined): 'refused' | 'midway' | null {
  if (code === 'ECONNREFUSED') return 'refused';
  return code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE' ? 'midway' : null;
}
