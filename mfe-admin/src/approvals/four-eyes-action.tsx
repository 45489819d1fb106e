import { useCurrentUser, type KassaError } from '@kassa/api-client';
import type { ApprovalView } from '@kassa/contracts';
import { Button, useDialogs, type ButtonVariant } from '@kassa/ui';
import { useGetApprovalsQuery, useRejectApprovalMutation, type ApprovalService } from './approvals-api';

/** The pending approval `<entity>:<id>:<action>` of a service, if one waits. */
export function usePendingApproval(service: ApprovalService, approvalId: string): ApprovalView | null {
  const { data } = useGetApprovalsQuery(service);
  return data?.find((a) => a.id === approvalId) ?? null;
}

/** The notice after a four-eyes action answered with the approval it prepared. */
export const preparedNotice = (a: ApprovalView) => `${a.message} Nothing is booked until then.`;

/**
 * The button of a four-eyes action (issue 50 §5). Nothing prepared: the action's own button (its call prepares it).
 * Prepared by me: "Prepared by alice — waiting for a second admin", and Withdraw. Prepared by another admin:
 * Approve (the same action, which then runs) and Reject.
 */
export function FourEyesAction({
  service,
  approvalId,
  label,
  variant = 'default',
  disabled = false,
  onStart,
}: {
  service: ApprovalService;
  approvalId: string;
  label: string;
  variant?: ButtonVariant;
  disabled?: boolean;
  /** Opens the action's confirmation (the same for preparing and approving). */
  onStart: () => void;
}) {
  const me = useCurrentUser();
  const approval = usePendingApproval(service, approvalId);
  const [reject, rejecting] = useRejectApprovalMutation();
  const dialogs = useDialogs();
  if (!approval) {
    return (
      <Button variant={variant} disabled={disabled} onClick={onStart}>
        {label}
      </Button>
    );
  }
  const mine = approval.preparedBy.id === me?.id;
  const drop = async () => {
    const result = await reject({ service, id: approval.id });
    if (result.error) dialogs.error(result.error as KassaError, { title: mine ? 'Withdrawing failed' : 'Rejecting failed' });
  };
  if (mine) {
    return (
      <span className="k-row four-eyes" role="group" aria-label={label}>
        <Button disabled>Prepared by {approval.preparedBy.username} — waiting for a second admin</Button>
        <Button variant="ghost" disabled={rejecting.isLoading} onClick={() => void drop()}>
          Withdraw
        </Button>
      </span>
    );
  }
  return (
    <span className="k-row four-eyes" role="group" aria-label={label}>
      <span className="four-eyes__who">
        {label}: prepared by <strong>{approval.preparedBy.username}</strong>
      </span>
      <Button variant="primary" disabled={disabled} onClick={onStart}>
        Approve
      </Button>
      <Button variant="danger" disabled={rejecting.isLoading} onClick={() => void drop()}>
        Reject
      </Button>
    </span>
  );
}
