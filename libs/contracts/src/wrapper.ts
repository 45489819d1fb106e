import { z } from 'zod';

/** Error identifiers the client knows (SPEC section 8) plus the platform's own. */
export const ErrorIdentifier = z.enum([
  'invalid_access_token',
  'insufficient_permissions',
  'insufficient_credits',
  'invalid_account_pin',
  'unknown_card_secret',
  'no_linked_account',
  'network_error',
  'unknown_error',
  'validation_error',
  'invalid_credentials',
  'invalid_sso_code',
  'tfa_required',
  'invalid_tfa_code',
  'too_many_requests',
  'pin_locked',
  'not_found',
  'conflict',
  'retry_later',
  'service_unavailable',
  'bad_gateway',
  'already_undone',
  'undo_not_allowed',
  'transaction_not_finishable',
  /** A card sale the terminal has not settled yet: ask again shortly (the finish call's "not finished yet"). */
  'payment_not_finished',
  'amount_too_low',
  'account_request_exists',
  'internal_error',
  'payload_too_large',
  'account_closed',
  'confirmation_required',
  /** The till asked another amount than the catalogue's prices add up to now (CheckoutBody.expectedTotal). */
  'price_changed',
  /** Shifts: the register has an open shift already, the shift is closed (or being closed), a cash sale needs a shift. */
  'shift_open',
  'shift_closed',
  'shift_required',
  /** An 18+ product on an account whose date of birth does not show 18 or older (setting ageCheck 'account'). */
  'age_not_shown',
  /** A month after a failed direct debit the account still owes: no purchases until it is paid ("blocked: open debt EUR x"). */
  'account_blocked',
]);
export type ErrorIdentifier = z.infer<typeof ErrorIdentifier>;

/** One line of a 422 answer: where (path), what (message), and the rule that failed. */
export const ValidationDetail = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});
export type ValidationDetail = z.infer<typeof ValidationDetail>;

export const ApiError = z.object({
  error: z.literal(true),
  errorCode: z.number().int(),
  errorIdentifier: z.string(),
  errorMessage: z.string(),
  result: z.null(),
  detail: z.array(ValidationDetail).optional(),
});
export type ApiError = z.infer<typeof ApiError>;

/** The response wrapper of SPEC section 7 around a successful result. */
export const ApiResponse = <T extends z.ZodType>(result: T) =>
  z.object({
    error: z.literal(false),
    errorCode: z.number().int(),
    errorIdentifier: z.null(),
    errorMessage: z.null(),
    result,
  });

export interface ApiSuccess<T> {
  error: false;
  errorCode: number;
  errorIdentifier: null;
  errorMessage: null;
  result: T;
}

export const ok = <T>(result: T, errorCode = 200): ApiSuccess<T> => ({
  error: false,
  errorCode,
  errorIdentifier: null,
  errorMessage: null,
  result,
});

export const apiError = (
  errorCode: number,
  errorIdentifier: ErrorIdentifier,
  errorMessage: string,
  detail?: ValidationDetail[],
): ApiError => ({
  error: true,
  errorCode,
  errorIdentifier,
  errorMessage,
  result: null,
  ...(detail ? { detail } : {}),
});

/** Page request of every paged list (SPEC 7; default perPage 15, fetch-all uses 50). */
/** A yes/no filter in a query string (`true` or `false`). */
export const QueryFlag = z.enum(['true', 'false']).transform((v) => v === 'true');

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(200).default(15),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const Paged = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), pageCount: z.number().int().min(0), total: z.number().int().min(0) });

export interface PagedResult<T> {
  items: T[];
  pageCount: number;
  total: number;
}

export const IdParam = z.object({ id: z.string().regex(/^[a-f0-9]{24}$/, 'Not a valid id.') });
export type IdParam = z.infer<typeof IdParam>;
export const ObjectId = z.string().regex(/^[a-f0-9]{24}$/, 'Not a valid id.');

/** Integer euro cents. */
export const Cents = z.number().int();
