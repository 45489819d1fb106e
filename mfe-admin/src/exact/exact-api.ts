import { api } from '@kassa/api-client';
import { AccountingExport, ExactConnection, ExactConnectStart, Paged, type ExactOauthCallbackBody, type ExportBody, type PagedResult } from '@kassa/contracts';

/** The accounting export (payments service): the Exact Online connection, exports and their history. */
export const exactApi = api.injectEndpoints({
  endpoints: (build) => ({
    getExactConnection: build.query<ExactConnection, void>({
      query: () => ({ url: '/admin/exact/connection' }),
      responseSchema: ExactConnection,
      providesTags: ['ExactConnection'],
    }),
    startExactConnect: build.mutation<ExactConnectStart, void>({
      query: () => ({ url: '/admin/exact/connect', method: 'POST' }),
      responseSchema: ExactConnectStart,
    }),
    completeExactConnect: build.mutation<ExactConnection, ExactOauthCallbackBody>({
      query: (body) => ({ url: '/admin/exact/oauth/callback', method: 'POST', body }),
      responseSchema: ExactConnection,
      invalidatesTags: ['ExactConnection'],
    }),
    disconnectExact: build.mutation<ExactConnection, void>({
      query: () => ({ url: '/admin/exact/connection', method: 'DELETE' }),
      responseSchema: ExactConnection,
      invalidatesTags: ['ExactConnection'],
    }),
    getAccountingExports: build.query<PagedResult<AccountingExport>, { page: number; perPage: number }>({
      query: (params) => ({ url: '/admin/exact/exports', params }),
      responseSchema: Paged(AccountingExport),
      providesTags: ['AccountingExports'],
    }),
    createAccountingExport: build.mutation<AccountingExport, ExportBody>({
      query: (body) => ({ url: '/admin/exact/exports', method: 'POST', body }),
      responseSchema: AccountingExport,
      invalidatesTags: ['AccountingExports'],
    }),
    retryAccountingExport: build.mutation<AccountingExport, string>({
      query: (id) => ({ url: `/admin/exact/exports/${encodeURIComponent(id)}/retry`, method: 'POST' }),
      responseSchema: AccountingExport,
      invalidatesTags: ['AccountingExports'],
    }),
  }),
});

export const {
  useGetExactConnectionQuery,
  useStartExactConnectMutation,
  useCompleteExactConnectMutation,
  useDisconnectExactMutation,
  useGetAccountingExportsQuery,
  useCreateAccountingExportMutation,
  useRetryAccountingExportMutation,
} = exactApi;
