import type { KassaError } from '@kassa/api-client';
import { describeError } from '@kassa/ui';

/** A failed call for a form: the server's validation lines as they are (SPEC 5), anything else in the error wording. */
export function errorText(error: unknown): string {
  const e = error as KassaError;
  if (e && Array.isArray(e.lines) && e.lines.length > 0) return e.lines.join('\n');
  return describeError(e);
}
