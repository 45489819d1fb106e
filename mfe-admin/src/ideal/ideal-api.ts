import { api } from '@kassa/api-client';
import { IdealCheckResult, IdealPaymentAdmin, Paged, type IdealPaymentStatus, type PagedResult } from '@kassa/contracts';

export interface IdealPaymentsArgs {
  page: number;
  perPage: number;
  status: IdealPaymentStatus | null;
  account: string | null;
}

export const idealApi = api.injectEndpoints({
  endpoints: (build) => ({
    getIdealPayments: build.query<PagedResult<IdealPaymentAdmin>, IdealPaymentsArgs>({
      query: (params) => ({ url: '/admin/ideal/', params: { ...params } }),
      responseSchema: Paged(IdealPaymentAdmin),
      providesTags: ['IdealPayments'],
    }),
    checkIdealPayment: build.mutation<IdealCheckResult, { id: string }>({
      query: ({ id }) => ({ url: `/admin/ideal/${encodeURIComponent(id)}/check/`, method: 'POST' }),
      responseSchema: IdealCheckResult,
      // A credited top-up moves the account's balance and is written to the audit log.
      invalidatesTags: ['IdealPayments', 'Accounts', 'SelfAccount', 'AuditLogs'],
    }),
  }),
});

export const { useGetIdealPaymentsQuery, useCheckIdealPaymentMutation } = idealApi;
