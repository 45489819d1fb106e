import { api } from '@kassa/api-client';
import { ApprovalView, Payout, PayoutFile, PayoutFilesResult, PayoutsResult, type PayoutState } from '@kassa/contracts';
import { downloadFile } from '../shared/download-file';
import { read, send, seg } from '../shared/endpoints';

/** Payouts of leaving members (accounts service, issue 48 §4). */
export const payoutsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPayouts: build.query<PayoutsResult, { state: PayoutState | null }>(
      read(({ state }) => ({ url: '/admin/payouts/', params: state ? { state } : {} }), PayoutsResult, ['Payouts', 'Accounts']),
    ),
    getPayoutFiles: build.query<PayoutFilesResult, void>(read('/admin/payouts/files/', PayoutFilesResult, ['Payouts'])),
    /** Four eyes: the first treasurer's call answers the approval it prepared; another's approves the payout. */
    approvePayout: build.mutation<Payout | ApprovalView, string>(send('POST', (id) => `/admin/payouts/${seg(id)}/approve`, ApprovalView.or(Payout), ['Payouts', 'Accounts', 'Approvals'])),
    cancelPayout: build.mutation<Payout, string>(send('POST', (id) => `/admin/payouts/${seg(id)}/cancel`, Payout, ['Payouts', 'Accounts'])),
    makePayoutFile: build.mutation<PayoutFile, void>(send('POST', () => '/admin/payouts/files/', PayoutFile, ['Payouts'])),
    markPayoutFileSent: build.mutation<PayoutFile, string>(send('POST', (id) => `/admin/payouts/files/${seg(id)}/sent`, PayoutFile, ['Payouts', 'Accounts'])),
  }),
});

export const { useGetPayoutsQuery, useGetPayoutFilesQuery, useApprovePayoutMutation, useCancelPayoutMutation, useMakePayoutFileMutation, useMarkPayoutFileSentMutation } = payoutsApi;

/** A payout file's pain.001 as stored (the same bytes every time); answers the server's refusal, else null. */
export const downloadPayoutFile = (id: string, msgId: string): Promise<string | null> => downloadFile(`/api/admin/payouts/files/${encodeURIComponent(id)}/xml`, `kassa-payouts-${msgId}.xml`);
