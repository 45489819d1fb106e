import { api } from '@kassa/api-client';
import { OfflineRefusalView, Paged, TransactionView, UndoResult, type CheckoutMethod, type PagedResult } from '@kassa/contracts';

export interface TransactionsArgs {
  page: number;
  perPage: number;
  method: CheckoutMethod | null;
  account: string | null;
  day: string | null;
  /** 'true': only sales booked on a later day than they were made. */
  late: 'true' | null;
}

export const transactionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminTransactions: build.query<PagedResult<TransactionView>, TransactionsArgs>({
      query: (params) => ({ url: '/admin/transactions/', params: { ...params } }),
      responseSchema: Paged(TransactionView),
      providesTags: ['Transactions'],
    }),
    getOfflineRefusals: build.query<PagedResult<OfflineRefusalView>, { page: number; perPage: number }>({
      query: (params) => ({ url: '/admin/transactions/offline_refusals/', params: { ...params } }),
      responseSchema: Paged(OfflineRefusalView),
      providesTags: ['Transactions'],
    }),
    undoAdminTransaction: build.mutation<UndoResult, { id: string }>({
      query: ({ id }) => ({ url: `/admin/transactions/${encodeURIComponent(id)}/`, method: 'DELETE' }),
      responseSchema: UndoResult,
      // The money goes back to the account, and the undo is written to the audit log.
      invalidatesTags: ['Transactions', 'Accounts', 'SelfAccount', 'AuditLogs'],
    }),
  }),
});

export const { useGetAdminTransactionsQuery, useGetOfflineRefusalsQuery, useUndoAdminTransactionMutation } = transactionsApi;
