import type { IdealPaymentAdmin, IdealPaymentStatus } from '@kassa/contracts';
import type { AuditClient } from '@kassa/service-kit';
import { viewCheck } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import { idealPaymentModel, type IdealPaymentDoc } from './models/ideal-payment.model';

/** A payment as the treasurer's list shows it. */
export function idealPaymentAdmin(p: IdealPaymentDoc): IdealPaymentAdmin {
  return {
    id: String(p._id),
    provider: p.provider,
    providerId: p.providerId ?? null,
    amount: p.amount,
    status: p.status as IdealPaymentStatus,
    accountId: p.accountId,
    accountName: p.accountName,
    username: p.username,
    createdAt: p.createdAt.toISOString(),
    paidAt: p.paidAt ? p.paidAt.toISOString() : null,
    creditedAt: p.creditedAt ? p.creditedAt.toISOString() : null,
    error: p.error ?? null,
  };
}

/** What an audit entry of a payment holds: its list view and whether the money is on the account. */
export const idealPaymentAudit = (p: IdealPaymentDoc) => ({ ...idealPaymentAdmin(p), credited: p.creditedAt !== null });

/**
 * How the audit relay tells whether a "Check again" whose entry was left pending (the process died in between)
 * changed the payment: the payment as it is now, compared with the entry's expected after (`credited`, `status`).
 */
export function registerIdealAuditCheck(db: Connection, audit: AuditClient) {
  audit.check(
    'ideal_payment',
    viewCheck(async (id) => {
      const doc = (await idealPaymentModel(db).findById(id).lean()) as IdealPaymentDoc | null;
      return doc && idealPaymentAudit(doc);
    }),
  );
}
