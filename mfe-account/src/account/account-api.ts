import { api } from '@kassa/api-client';
import type { AccountUpgradeResult, AccountUpgradeStatus, OwnTransaction, PagedResult, SetPinResult } from '@kassa/contracts';

/** The member's own account page: history, PIN, online top-up. The balance itself is the shared GET /api/account/. */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOwnTransactions: build.query<PagedResult<OwnTransaction>, { page: number; perPage: number }>({
      query: (params) => ({ url: '/account/transactions', params }),
      // Whatever changes the balance changes the history: one tag for both.
      providesTags: ['SelfAccount'],
    }),
    setOwnPin: build.mutation<SetPinResult, { pin: string; current?: string }>({
      query: (body) => ({ url: '/account/pin', method: 'POST', body }),
      invalidatesTags: ['SelfAccount'],
    }),
    startAccountUpgrade: build.mutation<AccountUpgradeResult, { amount: number }>({
      query: (body) => ({ url: '/account/upgrade', method: 'POST', body }),
    }),
    getAccountUpgrade: build.query<AccountUpgradeStatus, string>({
      query: (id) => `/account/upgrade/${encodeURIComponent(id)}`,
    }),
  }),
});

export const { useGetOwnTransactionsQuery, useSetOwnPinMutation, useStartAccountUpgradeMutation, useGetAccountUpgradeQuery } = accountApi;
