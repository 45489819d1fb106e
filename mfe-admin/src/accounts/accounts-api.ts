import { api } from '@kassa/api-client';
import {
  AdminAccount,
  AdminCloseResult,
  ApprovalView,
  AdminLedger,
  AdminPosting,
  AdminUpgradeResult,
  BalanceAtDate,
  LedgerCount,
  NoticeView,
  Paged,
  type AdminAccountBody,
  type AdminAccountPatchBody,
  type AdminLedgerBody,
  type AdminUpgradeBody,
  type PagedResult,
} from '@kassa/contracts';

export type AccountsListArgs = {
  page: number;
  perPage: number;
  search: string | null;
  credit: string | null;
  type: string | null;
  negative: string | null;
  unused: string | null;
  closed: string | null;
};

/** Accounts, their postings, the balance at a date and the ledgers (accounts service). */
export const accountsAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminAccounts: build.query<PagedResult<AdminAccount>, AccountsListArgs>({
      query: (params) => ({ url: '/admin/accounts/', params }),
      responseSchema: Paged(AdminAccount),
      providesTags: ['Accounts'],
    }),
    getAdminAccount: build.query<AdminAccount, string>({
      query: (id) => ({ url: `/admin/accounts/${encodeURIComponent(id)}/` }),
      responseSchema: AdminAccount,
      providesTags: ['Accounts'],
    }),
    getAccountPostings: build.query<PagedResult<AdminPosting>, { id: string; page: number; perPage: number }>({
      query: ({ id, page, perPage }) => ({ url: `/admin/accounts/${encodeURIComponent(id)}/postings/`, params: { page, perPage } }),
      responseSchema: Paged(AdminPosting),
      providesTags: ['Accounts'],
    }),
    /** What was mailed about the account and when, newest first. */
    getAccountNotices: build.query<PagedResult<NoticeView>, { id: string; page: number; perPage: number }>({
      query: ({ id, page, perPage }) => ({ url: `/admin/accounts/${encodeURIComponent(id)}/notices/`, params: { page, perPage } }),
      responseSchema: Paged(NoticeView),
      providesTags: ['Accounts'],
    }),
    createAccount: build.mutation<AdminAccount, AdminAccountBody>({
      query: (body) => ({ url: '/admin/accounts/', method: 'POST', body }),
      responseSchema: AdminAccount,
      invalidatesTags: ['Accounts'],
    }),
    patchAccount: build.mutation<AdminAccount, { id: string; body: AdminAccountPatchBody }>({
      query: ({ id, body }) => ({ url: `/admin/accounts/${id}/`, method: 'PATCH', body }),
      responseSchema: AdminAccount,
      invalidatesTags: ['Accounts'],
    }),
    /** Four eyes on a close that expires a balance: the first admin's call answers the approval it prepared. */
    closeAccount: build.mutation<AdminCloseResult | ApprovalView, string>({
      query: (id) => ({ url: `/admin/accounts/${id}/`, method: 'DELETE' }),
      responseSchema: ApprovalView.or(AdminCloseResult),
      invalidatesTags: ['Accounts', 'Approvals'],
    }),
    /** Four eyes on a correction above the setting: the first admin's call answers the approval it prepared. */
    upgradeAccount: build.mutation<AdminUpgradeResult | ApprovalView, { id: string; body: AdminUpgradeBody }>({
      query: ({ id, body }) => ({ url: `/admin/accounts/${id}/upgrade/`, method: 'POST', body }),
      responseSchema: ApprovalView.or(AdminUpgradeResult),
      invalidatesTags: ['Accounts', 'Approvals'],
    }),
    getBalanceAt: build.query<BalanceAtDate, string>({
      query: (date) => ({ url: '/admin/accounts/balance/', params: { date } }),
      responseSchema: BalanceAtDate,
      providesTags: ['Accounts'],
    }),
    getLedgers: build.query<PagedResult<AdminLedger>, void>({
      query: () => ({ url: '/admin/accounts/ledgers/', params: { page: 1, perPage: 50 } }),
      responseSchema: Paged(AdminLedger),
      providesTags: ['Ledgers'],
    }),
    putLedger: build.mutation<AdminLedger, { id: string; body: AdminLedgerBody }>({
      query: ({ id, body }) => ({ url: `/admin/accounts/ledgers/${id}/`, method: 'PUT', body }),
      responseSchema: AdminLedger,
      invalidatesTags: ['Ledgers'],
    }),
    getLedgerCount: build.query<LedgerCount, { id: string; start: string | null; end: string | null }>({
      query: ({ id, start, end }) => ({ url: `/admin/ledgers/${id}/transactions/count/`, params: { start, end } }),
      responseSchema: LedgerCount,
      providesTags: ['Ledgers'],
    }),
  }),
});

export const {
  useGetAdminAccountsQuery,
  useGetAdminAccountQuery,
  useGetAccountPostingsQuery,
  useGetAccountNoticesQuery,
  useCreateAccountMutation,
  usePatchAccountMutation,
  useCloseAccountMutation,
  useUpgradeAccountMutation,
  useGetBalanceAtQuery,
  useGetLedgersQuery,
  usePutLedgerMutation,
  useGetLedgerCountQuery,
} = accountsAdminApi;
