import { useCurrentUser, type KassaError } from '@kassa/api-client';
import type { ApprovalView } from '@kassa/contracts';
import { Button, DateText, Money, useDialogs } from '@kassa/ui';
import { Link } from 'react-router-dom';
import { useApproveMutation, useGetApprovalsQuery, useRejectApprovalMutation, type ApprovalService } from './approvals-api';
import './approvals.css';

/** Where the document of an approval is shown. */
export function approvalTarget(a: ApprovalView): string | null {
  if (a.entity === 'direct_debit_batch') return `/admin/direct_debit/${a.entityId}`;
  if (a.entity === 'invoice') return `/admin/invoices/${a.entityId}`;
  if (a.entity === 'account') return `/admin/accounts/${a.entityId}`;
  return null;
}

/**
 * The approvals of one service that wait for a second admin, each with what it does, who prepared it and when; to
 * another admin Approve and Reject, to its preparer "Waiting for a second admin" and Withdraw. Nothing when none waits.
 */
export function ApprovalsList({ service, only, title, onDone }: { service: ApprovalService; only?: (a: ApprovalView) => boolean; title?: string; onDone?: (message: string) => void }) {
  const { data } = useGetApprovalsQuery(service);
  const items = (data ?? []).filter((a) => !only || only(a));
  if (items.length === 0) return null;
  return (
    <section className="k-stack approvals" aria-label={title ?? 'Waiting for a second admin'}>
      {title ? <h3 className="approvals__title">{title}</h3> : null}
      <ul className="approvals__list">
        {items.map((a) => (
          <ApprovalRow key={a.id} approval={a} onDone={onDone} />
        ))}
      </ul>
    </section>
  );
}

function ApprovalRow({ approval: a, onDone }: { approval: ApprovalView; onDone?: (message: string) => void }) {
  const me = useCurrentUser();
  const [approve, approving] = useApproveMutation();
  const [reject, rejecting] = useRejectApprovalMutation();
  const dialogs = useDialogs();
  const mine = a.preparedBy.id === me?.id;
  const target = approvalTarget(a);
  const busy = approving.isLoading || rejecting.isLoading;
  const doApprove = async () => {
    const ok = await dialogs.confirm({ title: 'Approve', text: `${a.summary}. Prepared by ${a.preparedBy.username}. Approve it now? It happens at once.`, confirmLabel: 'Approve' });
    if (!ok) return;
    const result = await approve(a);
    if (result.error) return void dialogs.error(result.error as KassaError, { title: 'Approving failed' });
    onDone?.(`Approved: ${a.summary}.`);
  };
  const doReject = async () => {
    const result = await reject({ service: a.service, id: a.id });
    if (result.error) return void dialogs.error(result.error as KassaError, { title: mine ? 'Withdrawing failed' : 'Rejecting failed' });
    onDone?.(mine ? `Withdrawn: ${a.summary}.` : `Rejected: ${a.summary}. Nothing happened.`);
  };
  return (
    <li className="k-card approvals__item">
      <div className="approvals__what">
        {target ? <Link to={target}>{a.summary}</Link> : a.summary}
        <span className="k-muted approvals__meta">
          Prepared by <strong>{a.preparedBy.username}</strong> on <DateText value={a.preparedAt} time /> · <Money cents={a.amount} />
        </span>
      </div>
      <div className="k-row approvals__actions">
        {mine ? (
          <>
            <span className="k-tag k-tag--info">Waiting for a second admin</span>
            <Button variant="ghost" disabled={busy} onClick={() => void doReject()}>
              Withdraw
            </Button>
          </>
        ) : (
          <>
            <Button variant="primary" disabled={busy} onClick={() => void doApprove()}>
              Approve
            </Button>
            <Button variant="danger" disabled={busy} onClick={() => void doReject()}>
              Reject
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

