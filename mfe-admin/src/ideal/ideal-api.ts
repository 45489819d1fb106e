import { api } from '@kassa/api-client';
import { IdealCheckResult, IdealPaymentAdmin, Paged, type IdealPaymentStatus, type PagedResult } from '@kassa/contracts';
import { read, send, seg, type ListArgs } from '../shared/endpoints';

export type IdealPaymentsArgs = ListArgs<{ status: IdealPaymentStatus | null; account: string | null }>;

export const idealApi = api.injectEndpoints({
  endpoints: (build) => ({
    getIdealPayments: build.query<PagedResult<IdealPaymentAdmin>, IdealPaymentsArgs>(read('/admin/ideal/', Paged(IdealPaymentAdmin), ['IdealPayments'])),
    // A credited top-up moves the account's balance and is written to the audit log.
    checkIdealPayment: build.mutation<IdealCheckResult, { id: string }>(
      send('POST', ({ id }) => `/admin/ideal/${seg(id)}/check/`, IdealCheckResult, ['IdealPayments', 'Accounts', 'SelfAccount', 'AuditLogs']),
    ),
  }),
});

export const { useGetIdealPaymentsQuery, useCheckIdealPaymentMutation } = idealApi;
