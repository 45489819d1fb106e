import { ApiResponse, LedgerAuditRequested, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { AccountsContext } from '../../../context';
import { LedgerAuditRequests } from '../../jobs/ledger-audit.queue';

/** "Run audit now" on the admin dashboard: the worker audits the ledger at once instead of at the next hour. */
export default function postLedgerAudit(app: ServiceApp, ctx: AccountsContext) {
  const requests = new LedgerAuditRequests(ctx.env, app.db, app.log, ctx.now);
  app.addHook('onClose', async () => requests.close());
  app.post(
    '/api/admin/ledger_audit',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Audit the ledger now (200 with the run, 202 while it still runs)',
        response: { 200: ApiResponse(LedgerAuditRequested), 202: ApiResponse(LedgerAuditRequested) },
      },
    },
    async (request, reply) => {
      const answer = await requests.request();
      request.log.info({ by: request.user.username, runId: answer.run?.id ?? null, workerOnline: answer.workerOnline }, 'ledger audit requested');
      if (answer.run) return ok(answer);
      return reply.code(202).send(ok(answer, 202));
    },
  );
}
