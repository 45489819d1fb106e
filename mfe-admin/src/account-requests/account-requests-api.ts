import { api } from '@kassa/api-client';
import { AccountRequestView, Paged, type AccountRequestDecisionBody, type AccountRequestStatus, type PagedResult } from '@kassa/contracts';

export const accountRequestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminAccountRequests: build.query<PagedResult<AccountRequestView>, { page: number; perPage: number; status: AccountRequestStatus | null }>({
      query: (params) => ({ url: '/admin/account_requests', params }),
      responseSchema: Paged(AccountRequestView),
      providesTags: ['AccountRequests'],
    }),
    decideAccountRequest: build.mutation<AccountRequestView, { id: string } & AccountRequestDecisionBody>({
      query: ({ id, ...body }) => ({ url: `/admin/account_requests/${encodeURIComponent(id)}/status`, method: 'POST', body }),
      responseSchema: AccountRequestView,
      // An approval makes an account: the admin's account and user lists change too.
      invalidatesTags: ['AccountRequests', 'Accounts', 'Users'],
    }),
  }),
});

export const { useGetAdminAccountRequestsQuery, useDecideAccountRequestMutation } = accountRequestsApi;
