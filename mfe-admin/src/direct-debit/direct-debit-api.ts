import { api } from '@kassa/api-client';
import { downloadFile } from '../shared/download-file';
import { ApprovalView, DirectDebitBatchDetail, DirectDebitBatchSummary, DirectDebitPreview, Paged } from '@kassa/contracts';
import type { DirectDebitBatchBody, DirectDebitBatchStatus, DirectDebitStatus, PagedResult } from '@kassa/contracts';
import { read, send, seg, type ListArgs } from '../shared/endpoints';

/** Direct-debit batches (payments service). */
export const directDebitApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDirectDebitBatches: build.query<PagedResult<DirectDebitBatchSummary>, ListArgs<{ status: DirectDebitBatchStatus | null }>>(
      read('/admin/direct_debit/', Paged(DirectDebitBatchSummary), ['DirectDebit']),
    ),
    getDirectDebitPreview: build.query<DirectDebitPreview, DirectDebitBatchBody>(read('/admin/direct_debit/preview', DirectDebitPreview, ['DirectDebit'])),
    getDirectDebitBatch: build.query<DirectDebitBatchDetail, ListArgs<{ id: string; debitStatus: DirectDebitStatus | null }>>(
      read(({ id, ...params }) => ({ url: `/admin/direct_debit/${seg(id)}/`, params }), DirectDebitBatchDetail, ['DirectDebit']),
    ),
    createDirectDebitBatch: build.mutation<DirectDebitBatchSummary, DirectDebitBatchBody>(send('POST', () => '/admin/direct_debit/', DirectDebitBatchSummary, ['DirectDebit'], (body) => body)),
    cancelDirectDebitBatch: build.mutation<DirectDebitBatchSummary, string>(send('POST', (id) => `/admin/direct_debit/${id}/cancel`, DirectDebitBatchSummary, ['DirectDebit'])),
    /** Four eyes: the first treasurer's call answers the approval it prepared; another's books the batch. */
    markDirectDebitCollected: build.mutation<DirectDebitBatchSummary | ApprovalView, string>(
      send('POST', (id) => `/admin/direct_debit/${id}/collected`, ApprovalView.or(DirectDebitBatchSummary), ['DirectDebit', 'Accounts', 'Approvals']),
    ),
    markDirectDebitFailed: build.mutation<DirectDebitBatchSummary, { id: string; accountId: string; reason: string }>(
      send('POST', ({ id }) => `/admin/direct_debit/${id}/failed`, DirectDebitBatchSummary, ['DirectDebit', 'Accounts'], ({ id: _id, ...body }) => body),
    ),
  }),
});

export const {
  useGetDirectDebitBatchesQuery, useGetDirectDebitPreviewQuery, useGetDirectDebitBatchQuery, useCreateDirectDebitBatchMutation,
  useCancelDirectDebitBatchMutation, useMarkDirectDebitCollectedMutation, useMarkDirectDebitFailedMutation
} = directDebitApi;

/**
 * The batch's pain.008 file as the server stored it (a file download, not JSON): fetched with the session's token and
 * handed to the browser as a download. Answers the error message when the server refuses.
 */
export const downloadBatchFile = (id: string, fileName: string): Promise<string | null> =>
  downloadFile(`/api/admin/direct_debit/${encodeURIComponent(id)}/file`, fileName);
