import { api } from '@kassa/api-client';
import { AdminAccount, AdminCloseResult, ApprovalView, AdminLedger, AdminPosting, AdminUpgradeResult, BalanceAtDate, LedgerCount, NoticeView, Paged } from '@kassa/contracts';
import type { AdminAccountBody, AdminAccountPatchBody, AdminLedgerBody, AdminUpgradeBody, PagedResult } from '@kassa/contracts';
import { read, send, seg, type ListArgs } from '../shared/endpoints';

export type AccountsListArgs = ListArgs<Record<'search' | 'credit' | 'type' | 'negative' | 'unused' | 'closed', string | null>>;

/** Accounts, their postings, the balance at a date and the ledgers (accounts service). */
export const accountsAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminAccounts: build.query<PagedResult<AdminAccount>, AccountsListArgs>(read('/admin/accounts/', Paged(AdminAccount), ['Accounts'])),
    getAdminAccount: build.query<AdminAccount, string>(read((id) => `/admin/accounts/${seg(id)}/`, AdminAccount, ['Accounts'])),
    getAccountPostings: build.query<PagedResult<AdminPosting>, ListArgs<{ id: string }>>(
      read(({ id, page, perPage }) => ({ url: `/admin/accounts/${seg(id)}/postings/`, params: { page, perPage } }), Paged(AdminPosting), ['Accounts']),
    ),
    /** What was mailed about the account and when, newest first. */
    getAccountNotices: build.query<PagedResult<NoticeView>, ListArgs<{ id: string }>>(
      read(({ id, page, perPage }) => ({ url: `/admin/accounts/${seg(id)}/notices/`, params: { page, perPage } }), Paged(NoticeView), ['Accounts']),
    ),
    createAccount: build.mutation<AdminAccount, AdminAccountBody>(send('POST', () => '/admin/accounts/', AdminAccount, ['Accounts'], (body) => body)),
    patchAccount: build.mutation<AdminAccount, { id: string; body: AdminAccountPatchBody }>(send('PATCH', ({ id }) => `/admin/accounts/${id}/`, AdminAccount, ['Accounts'], ({ body }) => body)),
    /** Four eyes on a close that expires a balance: the first admin's call answers the approval it prepared. */
    /** Takes a fine back (its own posting, keyed by the fine: twice books once). */
    waiveFine: build.mutation<AdminPosting, { id: string; seq: number }>(send('POST', ({ id, seq }) => `/admin/accounts/${seg(id)}/fines/${seq}/waive`, AdminPosting, ['Accounts'])),
    closeAccount: build.mutation<AdminCloseResult | ApprovalView, string>(send('DELETE', (id) => `/admin/accounts/${id}/`, ApprovalView.or(AdminCloseResult), ['Accounts', 'Approvals'])),
    /** Four eyes on a correction above the setting: the first admin's call answers the approval it prepared. */
    upgradeAccount: build.mutation<AdminUpgradeResult | ApprovalView, { id: string; body: AdminUpgradeBody }>(
      send('POST', ({ id }) => `/admin/accounts/${id}/upgrade/`, ApprovalView.or(AdminUpgradeResult), ['Accounts', 'Approvals'], ({ body }) => body),
    ),
    getBalanceAt: build.query<BalanceAtDate, string>(read((date) => ({ url: '/admin/accounts/balance/', params: { date } }), BalanceAtDate, ['Accounts'])),
    getLedgers: build.query<PagedResult<AdminLedger>, void>(read(() => ({ url: '/admin/accounts/ledgers/', params: { page: 1, perPage: 50 } }), Paged(AdminLedger), ['Ledgers'])),
    putLedger: build.mutation<AdminLedger, { id: string; body: AdminLedgerBody }>(send('PUT', ({ id }) => `/admin/accounts/ledgers/${id}/`, AdminLedger, ['Ledgers'], ({ body }) => body)),
    getLedgerCount: build.query<LedgerCount, { id: string; start: string | null; end: string | null }>(
      read(({ id, start, end }) => ({ url: `/admin/ledgers/${id}/transactions/count/`, params: { start, end } }), LedgerCount, ['Ledgers']),
    ),
  }),
});

export const {
  useGetAdminAccountsQuery, useGetAdminAccountQuery, useGetAccountPostingsQuery, useGetAccountNoticesQuery, useCreateAccountMutation,
  usePatchAccountMutation, useCloseAccountMutation, useUpgradeAccountMutation, useGetBalanceAtQuery, useGetLedgersQuery, usePutLedgerMutation,
  useGetLedgerCountQuery, useWaiveFineMutation
} = accountsAdminApi;
