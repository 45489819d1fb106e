import { AppError, localDay } from '@kassa/service-kit';

/** The day a month after `day` (the terms' month to top up), the last of a shorter month when it has no such day. */
export function monthAfter(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(d, last))).toISOString().slice(0, 10);
}

/**
 * The local day from which an account whose direct debit failed is blocked for purchases while it still owes: a month
 * after the failure, as the terms give the member to top up (SPEC section 1). Null without a failure.
 */
export function blockedFrom(failure: { at: Date } | null | undefined, timeZone: string): string | null {
  return failure ? monthAfter(localDay(failure.at, timeZone)) : null;
}

const amount = new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The till's words for a blocked account (issue 48 §3): "blocked: open debt EUR 12,50". */
export const accountBlocked = (owed: number) => new AppError(409, 'account_blocked', `blocked: open debt EUR ${amount.format(owed / 100)}`);

/** An account whose payout is approved and not yet booked (issue 48 §4): the till says why, under 'Account blocked'. */
export const accountFrozen = (name: string) => new AppError(409, 'account_blocked', `blocked: ${name} is being paid out`);
