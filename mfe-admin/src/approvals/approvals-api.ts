import { api, type TagType } from '@kassa/api-client';
import { ApprovalList, ApprovalView } from '@kassa/contracts';
import { read, send, seg } from '../shared/endpoints';

export type ApprovalService = ApprovalView['service'];
export const APPROVAL_SERVICES: readonly ApprovalService[] = ['payments', 'checkout', 'accounts'];

/** What a four-eyes action answered: its result, or (202) the approval it prepared. */
export const isApproval = (value: unknown): value is ApprovalView => ApprovalView.safeParse(value).success;

/** What each service's approvals touch, refreshed when one is approved from the Approvals page. */
const TOUCHES: Record<ApprovalService, TagType[]> = {
  payments: ['DirectDebit', 'Accounts'],
  checkout: ['Invoices', 'Accounts'],
  accounts: ['Accounts'],
};

/** Four eyes (issue 50 §5): what waits for a second admin, per service, and its approve and reject. */
export const approvalsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getApprovals: build.query<ApprovalView[], ApprovalService>(read((service) => `/admin/approvals/${service}/`, ApprovalList, ['Approvals'])),
    /** Approving is the action itself, called by another admin (its method, path and body as prepared). */
    approve: build.mutation<unknown, ApprovalView>({
      query: (a) => ({ url: a.approve.path, method: a.approve.method, ...(a.approve.body ? { body: a.approve.body } : {}) }),
      invalidatesTags: (_r, _e, a) => ['Approvals', ...TOUCHES[a.service]],
    }),
    /** Rejects it (another admin) or withdraws it (its preparer): nothing happens, it may be prepared again. */
    rejectApproval: build.mutation<ApprovalView, Pick<ApprovalView, 'service' | 'id'>>(send('DELETE', ({ service, id }) => `/admin/approvals/${service}/${seg(id)}`, ApprovalView, ['Approvals'])),
  }),
});

export const { useGetApprovalsQuery, useApproveMutation, useRejectApprovalMutation } = approvalsApi;
