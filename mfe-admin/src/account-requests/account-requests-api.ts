import { api } from '@kassa/api-client';
import { AccountRequestView, Paged, type AccountRequestDecisionBody, type AccountRequestStatus, type PagedResult } from '@kassa/contracts';
import { read, send, seg, type ListArgs } from '../shared/endpoints';

export const accountRequestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminAccountRequests: build.query<PagedResult<AccountRequestView>, ListArgs<{ status: AccountRequestStatus | null }>>(
      read('/admin/account_requests', Paged(AccountRequestView), ['AccountRequests']),
    ),
    // An approval makes an account: the admin's account and user lists change too.
    decideAccountRequest: build.mutation<AccountRequestView, { id: string } & AccountRequestDecisionBody>(
      send('POST', ({ id }) => `/admin/account_requests/${seg(id)}/status`, AccountRequestView, ['AccountRequests', 'Accounts', 'Users'], ({ id: _id, ...body }) => body),
    ),
  }),
});

export const { useGetAdminAccountRequestsQuery, useDecideAccountRequestMutation } = accountRequestsApi;
