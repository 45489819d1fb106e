import { api } from '@kassa/api-client';
import { AuditLogEntry, Paged, type PagedResult } from '@kassa/contracts';
import { read } from '../shared/endpoints';

export interface AuditLogsArgs {
  page: number;
  perPage: number;
  action: string | null;
  actor: string | null;
  entity: string | null;
  entityId: string | null;
  day: string | null;
}

export const auditLogsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAuditLogs: build.query<PagedResult<AuditLogEntry>, AuditLogsArgs>(read('/admin/audit_logs', Paged(AuditLogEntry), ['AuditLogs'])),
  }),
});

export const { useGetAuditLogsQuery } = auditLogsApi;
