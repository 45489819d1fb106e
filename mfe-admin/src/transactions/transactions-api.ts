import { api } from '@kassa/api-client';
import { OfflineRefusalView, Paged, TransactionView, UndoResult, type CheckoutMethod, type PagedResult } from '@kassa/contracts';
import { read, send, seg } from '../shared/endpoints';

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
    getAdminTransactions: build.query<PagedResult<TransactionView>, TransactionsArgs>(read('/admin/transactions/', Paged(TransactionView), ['Transactions'])),
    getOfflineRefusals: build.query<PagedResult<OfflineRefusalView>, { page: number; perPage: number }>(read('/admin/transactions/offline_refusals/', Paged(OfflineRefusalView), ['Transactions'])),
    // The money goes back to the account, and the undo is written to the audit log.
    undoAdminTransaction: build.mutation<UndoResult, { id: string }>(
      send('DELETE', ({ id }) => `/admin/transactions/${seg(id)}/`, UndoResult, ['Transactions', 'Accounts', 'SelfAccount', 'AuditLogs']),
    ),
  }),
});

export const { useGetAdminTransactionsQuery, useGetOfflineRefusalsQuery, useUndoAdminTransactionMutation } = transactionsApi;
