import type { AccountRequestStatus, AccountRequestView } from '@kassa/contracts';
import type { AccountRequestDoc } from '../models/account-request.model';

/** A request as members and the board see it: never the PIN hash. */
export function requestView(doc: AccountRequestDoc): AccountRequestView {
  return {
    id: String(doc._id),
    userId: String(doc.userId),
    username: doc.username,
    name: doc.name,
    creditAccount: doc.creditAccount,
    iban: doc.iban ?? null,
    bic: doc.bic ?? null,
    status: doc.status as AccountRequestStatus,
    note: doc.note ?? null,
    createdAt: doc.createdAt.toISOString(),
    decidedAt: doc.decidedAt ? doc.decidedAt.toISOString() : null,
    decidedBy: doc.decidedBy ?? null,
    accountId: doc.accountId ? String(doc.accountId) : null,
  };
}
