/** Anything a caller may hand to the error dialog: a KassaError from @kassa/api-client, an Error, or a text. */
export type ErrorLike =
  | {
      status?: number;
      code?: number;
      identifier?: string;
      message?: string;
      raw?: string;
      handled?: boolean;
    }
  | Error
  | string;

/**
 * SPEC "Generic dialogs": "API error ({code}/{identifier}): {message}" for answers in the wrapper,
 * "Unknown error ({status}: {error})" for raw answers.
 */
export function describeError(error: ErrorLike): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  if (error.raw !== undefined) return `Unknown error (${error.status ?? error.code ?? 0}: ${error.raw})`;
  if (error.identifier !== undefined) {
    return `API error (${error.code ?? error.status ?? 0}/${error.identifier}): ${error.message ?? ''}`;
  }
  return error.message ?? 'Unknown error';
}
