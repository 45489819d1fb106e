import { api } from '@kassa/api-client';
import { OfflineRefusalView, Paged, TransactionView, UndoResult, type CheckoutMethod, type PagedResult } from '@kassa/contracts';
import { read, send, seg, type ListArgs } from '../shared/endpoints';

/** `late` 'true': only sales booked on a later day than they were made. */
export type TransactionsArgs = ListArgs<{ method: CheckoutMethod | null; account: string | null; day: string | null; late: 'true' | null }>;

export const transactionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminTransactions: build.query<PagedResult<TransactionView>, TransactionsArgs>(read('/admin/transactions/', Paged(TransactionView), ['Transactions'])),
    getOfflineRefusals: build.query<PagedResult<OfflineRefusalView>, ListArgs>(read('/admin/transactions/offline_refusals/', Paged(OfflineRefusalView), ['Transactions'])),
    // The money goes back to the account, and the undo is written to the audit log.
    undoAdminTransaction: build.mutation<UndoResult, { id: string }>(
      send('DELETE', ({ id }) => `/admin/transactions/${seg(id)}/`, UndoResult, ['Transactions', 'Accounts', 'SelfAccount', 'AuditLogs']),
    ),
  }),
});

export const { useGetAdminTransactionsQuery, useGetOfflineRefusalsQuery, useUndoAdminTransactionMutation } = transactionsApi;
