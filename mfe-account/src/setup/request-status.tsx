import type { AccountRequestView } from '@kassa/contracts';
import { DateText } from '@kassa/ui';
import { friendlyFormatIBAN } from 'ibantools';
import type { ReactNode } from 'react';

const STATUS_TEXT: Record<AccountRequestView['status'], { tag: string; tone: string; title: string }> = {
  pending: { tag: 'Pending', tone: 'k-tag--warning', title: 'Your request is waiting for approval' },
  approved: { tag: 'Approved', tone: 'k-tag--positive', title: 'Your account has been approved' },
  rejected: { tag: 'Rejected', tone: 'k-tag--negative', title: 'Your request was not approved' },
};

/** The member's request as the board sees it: kind, bank account, when, and the decision. */
export function RequestStatus({ request, children }: { request: AccountRequestView; children?: ReactNode }) {
  const status = STATUS_TEXT[request.status];
  return (
    <section className="k-card k-stack setup-status" aria-labelledby="setup-status-title" aria-live="polite">
      <div className="k-row">
        <h2 id="setup-status-title" className="setup-status__title">
          {status.title}
        </h2>
        <span className={`k-tag ${status.tone}`}>{status.tag}</span>
      </div>
      <dl className="k-facts">
        <dt>Name</dt>
        <dd>{request.name}</dd>
        <dt>Kind</dt>
        <dd>{request.creditAccount ? 'Credit (direct debit)' : 'Prepaid'}</dd>
        {request.creditAccount && request.iban ? (
          <>
            <dt>IBAN</dt>
            <dd className="k-mono setup-status__iban">{friendlyFormatIBAN(request.iban)}</dd>
          </>
        ) : null}
        <dt>Requested</dt>
        <dd>
          <DateText value={request.createdAt} time />
        </dd>
        {request.decidedAt ? (
          <>
            <dt>{request.status === 'approved' ? 'Approved' : 'Decided'}</dt>
            <dd>
              <DateText value={request.decidedAt} time />
            </dd>
          </>
        ) : null}
        {request.note ? (
          <>
            <dt>Note from the board</dt>
            <dd>{request.note}</dd>
          </>
        ) : null}
      </dl>
      {children}
    </section>
  );
}
