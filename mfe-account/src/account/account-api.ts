import { api } from '@kassa/api-client';
import type { AccountUpgradeResult, AccountUpgradeStatus, MemberPayout, NoticeView, OwnTransaction, PagedResult, PayoutRequestBody, Profile, ProfileBody, SetPinResult } from '@kassa/contracts';

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
    /** The mails Kassa sent the member, newest first. */
    getOwnNotices: build.query<PagedResult<NoticeView>, { page: number; perPage: number }>({
      query: (params) => ({ url: '/account/notices', params }),
      providesTags: ['SelfAccount'],
    }),
    /** The member's payout request (issue 48 §4): the open one, else the last; null when none was asked. */
    getOwnPayout: build.query<MemberPayout, void>({
      query: () => '/account/payout',
      providesTags: ['SelfAccount'],
    }),
    askPayout: build.mutation<MemberPayout, PayoutRequestBody>({
      query: (body) => ({ url: '/account/payout', method: 'POST', body }),
      invalidatesTags: ['SelfAccount'],
    }),
    withdrawPayout: build.mutation<MemberPayout, void>({
      query: () => ({ url: '/account/payout', method: 'DELETE' }),
      invalidatesTags: ['SelfAccount'],
    }),
    getProfile: build.query<Profile, void>({
      query: () => '/user/profile',
    }),
    saveProfile: build.mutation<Profile, ProfileBody>({
      query: (body) => ({ url: '/user/profile', method: 'PUT', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(accountApi.util.upsertQueryData('getProfile', undefined, data));
      },
    }),
  }),
});

export const {
  useGetOwnTransactionsQuery,
  useSetOwnPinMutation,
  useStartAccountUpgradeMutation,
  useGetAccountUpgradeQuery,
  useGetOwnNoticesQuery,
  useGetProfileQuery,
  useSaveProfileMutation,
  useGetOwnPayoutQuery,
  useAskPayoutMutation,
  useWithdrawPayoutMutation,
} = accountApi;
