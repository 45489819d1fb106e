import { api } from '@kassa/api-client';
import { LedgerAuditLatest, LedgerAuditRequested } from '@kassa/contracts';
import { read, send } from '../shared/endpoints';

export const ledgerAuditApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLedgerAudit: build.query<LedgerAuditLatest, void>(read('/admin/ledger_audit', LedgerAuditLatest, ['LedgerAudit'])),
    runLedgerAudit: build.mutation<LedgerAuditRequested, void>({
      // New differences are written to the audit log by the run.
      ...send('POST', () => '/admin/ledger_audit', LedgerAuditRequested, ['AuditLogs']),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data?.run) dispatch(ledgerAuditApi.util.upsertQueryData('getLedgerAudit', undefined, { latest: data.run }));
      },
    }),
  }),
});

export const { useGetLedgerAuditQuery, useRunLedgerAuditMutation } = ledgerAuditApi;
