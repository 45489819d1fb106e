import { isKassaError, type KassaError } from '@kassa/api-client';

/** Any failure of a request as the error catalogue's shape (SPEC 8). */
export function toKassaError(err: unknown): KassaError {
  if (isKassaError(err)) return err;
  const message = err instanceof Error ? err.message : typeof err === 'object' && err && 'message' in err ? String(err.message) : String(err);
  return { status: 0, code: 0, identifier: 'unknown_error', message, lines: [] };
}
