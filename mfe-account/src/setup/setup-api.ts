import { api } from '@kassa/api-client';
import type { AccountRequestBody, AccountRequestView } from '@kassa/contracts';

/** The member's account request (/setup). */
export const setupApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOwnAccountRequest: build.query<AccountRequestView | null, void>({
      query: () => '/account_request/pending',
      providesTags: ['AccountRequests'],
    }),
    requestAccount: build.mutation<AccountRequestView, AccountRequestBody>({
      query: (body) => ({ url: '/account_request/request', method: 'POST', body }),
      invalidatesTags: ['AccountRequests'],
    }),
  }),
});

export const { useGetOwnAccountRequestQuery, useRequestAccountMutation } = setupApi;
