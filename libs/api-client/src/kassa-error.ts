import type { ValidationDetail } from '@kassa/contracts';

/**
 * Every failed request ends up as one of these (SPEC 8), whatever went wrong: a wrapper error from a service, a
 * validation error, a proxy's HTML page, an empty answer or no answer at all.
 */
export interface KassaError {
  /** HTTP status; 0 when no response arrived. */
  status: number;
  /** The wrapper's errorCode (the HTTP status when there was no wrapper). */
  code: number;
  identifier: string;
  message: string;
  /** SPEC 5: one readable line per 422 detail entry. */
  lines: string[];
  /** The 422 entries themselves (where and what), for a screen that marks the input they are about. */
  detail?: ValidationDetail[];
  /** Set when the answer was not the wrapper: the server's `error` field or the raw response text. */
  raw?: string;
  /** The platform already told the user (an expired session): callers need not show it again. */
  handled?: boolean;
}

export const NETWORK_ERROR: KassaError = {
  status: 0,
  code: 0,
  identifier: 'network_error',
  message: 'Network connection error',
  lines: [],
};

export function isKassaError(value: unknown): value is KassaError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as KassaError).identifier === 'string' &&
    typeof (value as KassaError).message === 'string' &&
    typeof (value as KassaError).status === 'number'
  );
}

/** SPEC 5: the field is the location without its first element (body, query, path), joined with dots. */
export function validationLine(detail: ValidationDetail): string {
  const field = detail.loc.slice(1).join('.');
  const type = detail.type ?? '';
  if (type === 'missing' || type === 'value_error.missing') return `Missing required property '${field}'.`;
  if (type.startsWith('value_error.ensure')) return `Please ${detail.msg} for '${field}'.`;
  if (type === 'value_error') return detail.msg;
  if (type.startsWith('type_error.')) return `Expected '${field}' to be of type '${type.slice('type_error.'.length)}'.`;
  return `Property '${field}' contains invalid data.`;
}

function validationDetail(detail: unknown): ValidationDetail[] {
  if (!Array.isArray(detail)) return [];
  return detail.filter((d): d is ValidationDetail => typeof d === 'object' && d !== null && Array.isArray((d as ValidationDetail).loc));
}

export function validationLines(detail: unknown): string[] {
  return validationDetail(detail).map(validationLine);
}

interface ErrorBody {
  error?: unknown;
  errorCode?: unknown;
  errorIdentifier?: unknown;
  errorMessage?: unknown;
  detail?: unknown;
}

/** Maps a failed response (status + body text) to a KassaError. */
export function errorFromResponse(status: number, statusText: string, text: string): KassaError {
  if (text.trim() === '') {
    return { status, code: status, identifier: 'unknown_error', message: statusText || `HTTP ${status}`, lines: [] };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { status, code: status, identifier: 'unknown_error', message: text, lines: [], raw: text };
  }
  if (typeof body !== 'object' || body === null) {
    return { status, code: status, identifier: 'unknown_error', message: text, lines: [], raw: text };
  }
  const b = body as ErrorBody;
  const lines = validationLines(b.detail);
  const detail = lines.length > 0 ? { detail: validationDetail(b.detail) } : {};
  const code = typeof b.errorCode === 'number' ? b.errorCode : status;
  if (typeof b.errorIdentifier === 'string') {
    const message = lines.length > 0 ? lines.join('\n') : typeof b.errorMessage === 'string' ? b.errorMessage : '';
    return { status, code, identifier: b.errorIdentifier, message, lines, ...detail };
  }
  if (lines.length > 0) {
    return { status, code, identifier: 'validation_error', message: lines.join('\n'), lines, ...detail };
  }
  const raw = typeof b.error === 'string' ? b.error : text;
  return { status, code, identifier: 'unknown_error', message: raw, lines: [], raw };
}

export function missingResultError(status: number): KassaError {
  return { status, code: status, identifier: 'unknown_error', message: 'The server answered without a result.', lines: [] };
}
