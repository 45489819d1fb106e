import { api } from '@kassa/api-client';
import type { ReaderRegisterBody, ReaderRegisterResult, TillAccountsResult } from '@kassa/contracts';

export const accountsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTillAccounts: build.query<TillAccountsResult, void>({ query: () => '/accounts/', providesTags: ['Accounts'] }),
    registerCard: build.mutation<ReaderRegisterResult, ReaderRegisterBody>({
      query: (body) => ({ url: '/reader/register/', method: 'POST', body }),
    }),
  }),
});

export const { useGetTillAccountsQuery } = accountsApi;
