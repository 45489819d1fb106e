import { api } from '@kassa/api-client';
import { AccountingExport, ExactConnection, ExactConnectStart, Paged, type ExactOauthCallbackBody, type ExportBody, type PagedResult } from '@kassa/contracts';
import { read, send, seg, type ListArgs } from '../shared/endpoints';

/** The accounting export (payments service): the Exact Online connection, exports and their history. */
export const exactApi = api.injectEndpoints({
  endpoints: (build) => ({
    getExactConnection: build.query<ExactConnection, void>(read('/admin/exact/connection', ExactConnection, ['ExactConnection'])),
    startExactConnect: build.mutation<ExactConnectStart, void>(send('POST', () => '/admin/exact/connect', ExactConnectStart, [])),
    completeExactConnect: build.mutation<ExactConnection, ExactOauthCallbackBody>(send('POST', () => '/admin/exact/oauth/callback', ExactConnection, ['ExactConnection'], (body) => body)),
    disconnectExact: build.mutation<ExactConnection, void>(send('DELETE', () => '/admin/exact/connection', ExactConnection, ['ExactConnection'])),
    getAccountingExports: build.query<PagedResult<AccountingExport>, ListArgs>(read('/admin/exact/exports', Paged(AccountingExport), ['AccountingExports'])),
    createAccountingExport: build.mutation<AccountingExport, ExportBody>(send('POST', () => '/admin/exact/exports', AccountingExport, ['AccountingExports'], (body) => body)),
    retryAccountingExport: build.mutation<AccountingExport, string>(send('POST', (id) => `/admin/exact/exports/${seg(id)}/retry`, AccountingExport, ['AccountingExports'])),
  }),
});

export const {
  useGetExactConnectionQuery, useStartExactConnectMutation, useCompleteExactConnectMutation, useDisconnectExactMutation, useGetAccountingExportsQuery,
  useCreateAccountingExportMutation, useRetryAccountingExportMutation
} = exactApi;
