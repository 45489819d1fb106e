import { api } from '@kassa/api-client';
import { AuditLogEntry, Paged, type PagedResult } from '@kassa/contracts';
import { read, type ListArgs } from '../shared/endpoints';

export type AuditLogsArgs = ListArgs<Record<'action' | 'actor' | 'entity' | 'entityId' | 'day', string | null>>;

export const auditLogsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAuditLogs: build.query<PagedResult<AuditLogEntry>, AuditLogsArgs>(read('/admin/audit_logs', Paged(AuditLogEntry), ['AuditLogs'])),
  }),
});

export const { useGetAuditLogsQuery } = auditLogsApi;
