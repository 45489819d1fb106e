import type { ErrorIdentifier, ValidationDetail } from '@kassa/contracts';
import type { z } from 'zod';

/** An error that answers in the response wrapper with its status and identifier. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly identifier: ErrorIdentifier,
    message: string,
    readonly detail?: ValidationDetail[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Not found') => new AppError(404, 'not_found', what);
export const forbidden = () => new AppError(403, 'insufficient_permissions', 'No permission');
export const unauthorized = () => new AppError(401, 'invalid_access_token', 'Token expired, please login again.');

/**
 * Turns zod issues into the `detail` lines of SPEC 5:
 * `missing` (no value), `type_error.<type>` (wrong type), `value_error.ensure` (a bound) or `value_error` (message shown as is).
 */
export function issuesToDetail(issues: readonly z.core.$ZodIssue[], prefix: (string | number)[] = []): ValidationDetail[] {
  return issues.map((issue) => {
    const loc = [...prefix, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))];
    switch (issue.code) {
      case 'invalid_type':
        if ((issue as { input?: unknown }).input === undefined) {
          return { loc, msg: 'field required', type: 'missing' };
        }
        // A number with a fraction where whole cents belong is a wrong value, not a wrong type: the contract's words.
        if (issue.expected === 'int' && typeof (issue as { input?: unknown }).input === 'number') {
          return { loc, msg: issue.message, type: 'value_error' };
        }
        return { loc, msg: `expected ${issue.expected}`, type: `type_error.${issue.expected}` };
      case 'too_small':
      case 'too_big':
        // A message the contract wrote itself ("Please enter a pin code.") is shown as is.
        if (!/^Too (small|big)/.test(issue.message)) return { loc, msg: issue.message, type: 'value_error' };
        return { loc, msg: ensureMessage(issue), type: 'value_error.ensure' };
      default:
        return { loc, msg: issue.message, type: 'value_error' };
    }
  });
}

function ensureMessage(issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig): string {
  const small = issue.code === 'too_small';
  const bound = small ? issue.minimum : issue.maximum;
  const inclusive = issue.inclusive ?? true;
  if (issue.origin === 'string') return `enter ${small ? 'at least' : 'at most'} ${bound} characters`;
  if (issue.origin === 'array') return `choose ${small ? 'at least' : 'at most'} ${bound} items`;
  const rel = small ? (inclusive ? 'at least' : 'more than') : inclusive ? 'at most' : 'less than';
  return `enter a value ${rel} ${bound}`;
}
