import { api } from '@kassa/api-client';
import { ApprovalView, DormantCloseResult, DormantRound } from '@kassa/contracts';
import { read, send, seg } from '../shared/endpoints';

/** Dormant accounts (accounts service, issue 48 §5). */
export const dormantApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDormantRound: build.query<DormantRound, { month: string | null }>(read(({ month }) => ({ url: '/admin/dormant/', params: month ? { month } : {} }), DormantRound, ['Accounts'])),
    runDormantRound: build.mutation<DormantRound, void>(send('POST', () => '/admin/dormant/run', DormantRound, ['Accounts'])),
    /** Four eyes: the first board member's call answers the approval it prepared; another's closes the accounts. */
    closeDormantRound: build.mutation<DormantCloseResult | ApprovalView, string>(send('POST', (month) => `/admin/dormant/${seg(month)}/close`, ApprovalView.or(DormantCloseResult), ['Accounts', 'Approvals'])),
  }),
});

export const { useGetDormantRoundQuery, useRunDormantRoundMutation, useCloseDormantRoundMutation } = dormantApi;
