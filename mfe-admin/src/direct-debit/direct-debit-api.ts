import { api } from '@kassa/api-client';
import { downloadFile } from '../shared/download-file';
import {
  ApprovalView,
  DirectDebitBatchDetail,
  DirectDebitBatchSummary,
  DirectDebitPreview,
  Paged,
  type DirectDebitBatchBody,
  type DirectDebitBatchStatus,
  type DirectDebitStatus,
  type PagedResult,
} from '@kassa/contracts';

/** Direct-debit batches (payments service). */
export const directDebitApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDirectDebitBatches: build.query<PagedResult<DirectDebitBatchSummary>, { page: number; perPage: number; status: DirectDebitBatchStatus | null }>({
      query: (params) => ({ url: '/admin/direct_debit/', params }),
      responseSchema: Paged(DirectDebitBatchSummary),
      providesTags: ['DirectDebit'],
    }),
    getDirectDebitPreview: build.query<DirectDebitPreview, DirectDebitBatchBody>({
      query: (params) => ({ url: '/admin/direct_debit/preview', params }),
      responseSchema: DirectDebitPreview,
      providesTags: ['DirectDebit'],
    }),
    getDirectDebitBatch: build.query<DirectDebitBatchDetail, { id: string; page: number; perPage: number; debitStatus: DirectDebitStatus | null }>({
      query: ({ id, ...params }) => ({ url: `/admin/direct_debit/${encodeURIComponent(id)}/`, params }),
      responseSchema: DirectDebitBatchDetail,
      providesTags: ['DirectDebit'],
    }),
    createDirectDebitBatch: build.mutation<DirectDebitBatchSummary, DirectDebitBatchBody>({
      query: (body) => ({ url: '/admin/direct_debit/', method: 'POST', body }),
      responseSchema: DirectDebitBatchSummary,
      invalidatesTags: ['DirectDebit'],
    }),
    cancelDirectDebitBatch: build.mutation<DirectDebitBatchSummary, string>({
      query: (id) => ({ url: `/admin/direct_debit/${id}/cancel`, method: 'POST' }),
      responseSchema: DirectDebitBatchSummary,
      invalidatesTags: ['DirectDebit'],
    }),
    /** Four eyes: the first treasurer's call answers the approval it prepared; another's books the batch. */
    markDirectDebitCollected: build.mutation<DirectDebitBatchSummary | ApprovalView, string>({
      query: (id) => ({ url: `/admin/direct_debit/${id}/collected`, method: 'POST' }),
      responseSchema: ApprovalView.or(DirectDebitBatchSummary),
      invalidatesTags: ['DirectDebit', 'Accounts', 'Approvals'],
    }),
    markDirectDebitFailed: build.mutation<DirectDebitBatchSummary, { id: string; accountId: string; reason: string }>({
      query: ({ id, ...body }) => ({ url: `/admin/direct_debit/${id}/failed`, method: 'POST', body }),
      responseSchema: DirectDebitBatchSummary,
      invalidatesTags: ['DirectDebit', 'Accounts'],
    }),
  }),
});

export const {
  useGetDirectDebitBatchesQuery,
  useGetDirectDebitPreviewQuery,
  useGetDirectDebitBatchQuery,
  useCreateDirectDebitBatchMutation,
  useCancelDirectDebitBatchMutation,
  useMarkDirectDebitCollectedMutation,
  useMarkDirectDebitFailedMutation,
} = directDebitApi;

/**
 * The batch's pain.008 file as the server stored it (a file download, not JSON): fetched with the session's token and
 * handed to the browser as a download. Answers the error message when the server refuses.
 */
export const downloadBatchFile = (id: string, fileName: string): Promise<string | null> =>
  downloadFile(`/api/admin/direct_debit/${encodeURIComponent(id)}/file`, fileName);
