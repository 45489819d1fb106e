import { AdminPage } from '../shared/admin-page';
import { Notice, useNotice } from '../shared/notice';
import { APPROVAL_SERVICES, useGetApprovalsQuery } from './approvals-api';
import { ApprovalsList } from './approvals-list';

/**
 * /admin/approvals: four eyes (issue 50 §5). Where money leaves or is written off (a batch marked collected, a credit
 * note, an account closed with a balance, a correction above the setting) one admin prepares and another approves:
 * everything prepared and waiting, from every service, with Approve and Reject (Withdraw for its preparer).
 */
export function ApprovalsPage() {
  const [notice, setNotice] = useNotice();
  const lists = [useGetApprovalsQuery('payments'), useGetApprovalsQuery('checkout'), useGetApprovalsQuery('accounts')];
  const loading = lists.some((l) => l.isLoading);
  const none = !loading && lists.every((l) => (l.data ?? []).length === 0);
  return (
    <AdminPage page="approvals">
      <div className="k-stack">
        <Notice text={notice} />
        {lists.some((l) => l.error) ? (
          <div className="k-alert k-alert--error" role="alert">
            Some approvals could not be loaded. Reload the page to try again.
          </div>
        ) : null}
        {none ? <p className="k-muted">Nothing waits for a second admin.</p> : null}
        {APPROVAL_SERVICES.map((service) => (
          <ApprovalsList key={service} service={service} onDone={setNotice} />
        ))}
      </div>
    </AdminPage>
  );
}
