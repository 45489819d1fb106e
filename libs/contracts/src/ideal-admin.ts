import { z } from 'zod';
import { IdealPaymentAdmin } from './members';

/**
 * What "Check again" found at the provider (POST /api/admin/ideal/{id}/check/):
 * - `credited`: paid at the provider and now on the account (by this check or one at the same moment: once);
 * - `already_credited`: it was on the account before the check; nothing changed;
 * - `still_open`: the provider has not seen the money yet; nothing changed;
 * - `closed`: the provider reports it cancelled, expired or failed; the status is updated, nothing credited.
 */
export const IdealCheckOutcome = z.enum(['credited', 'already_credited', 'still_open', 'closed']);
export type IdealCheckOutcome = z.infer<typeof IdealCheckOutcome>;

export const IdealCheckResult = z.object({ outcome: IdealCheckOutcome, payment: IdealPaymentAdmin });
export type IdealCheckResult = z.infer<typeof IdealCheckResult>;
