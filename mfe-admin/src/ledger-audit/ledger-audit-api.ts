import { api } from '@kassa/api-client';
import { LedgerAuditLatest, LedgerAuditRequested } from '@kassa/contracts';

export const ledgerAuditApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLedgerAudit: build.query<LedgerAuditLatest, void>({
      query: () => '/admin/ledger_audit',
      responseSchema: LedgerAuditLatest,
      providesTags: ['LedgerAudit'],
    }),
    runLedgerAudit: build.mutation<LedgerAuditRequested, void>({
      query: () => ({ url: '/admin/ledger_audit', method: 'POST' }),
      responseSchema: LedgerAuditRequested,
      // New differences are written to the audit log by the run.
      invalidatesTags: ['AuditLogs'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data?.run) dispatch(ledgerAuditApi.util.upsertQueryData('getLedgerAudit', undefined, { latest: data.run }));
      },
    }),
  }),
});

export const { useGetLedgerAuditQuery, useRunLedgerAuditMutation } = ledgerAuditApi;
