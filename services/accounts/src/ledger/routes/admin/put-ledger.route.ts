import { AdminLedger, AdminLedgerBody, ApiResponse, LedgerIdParam, ok } from '@kassa/contracts';
import { notFound, type ServiceApp } from '@kassa/service-kit';
import { adminLedgers, findLedger } from '../../accounts-admin/ledgers';
import { auditActor } from '../../audit/audit';
import type { AccountsContext } from '../../../context';
import { ledgerSettingModel } from '../../models/ledger-setting.model';

/** PUT /api/admin/accounts/ledgers/{id}/: a ledger's accounting code and kind (its id and name are fixed). */
export default function putAdminLedger(app: ServiceApp, ctx: AccountsContext) {
  app.put(
    '/api/admin/accounts/ledgers/:id/',
    { onRequest: app.requireRole('treasurer'), schema: { tags: ['admin'], summary: 'Change a ledger', params: LedgerIdParam, body: AdminLedgerBody, response: { 200: ApiResponse(AdminLedger) } } },
    async (request) => {
      const id = request.params.id;
      if (!findLedger(id)) throw notFound('This ledger does not exist.');
      const before = (await adminLedgers(app.db)).find((l) => l.id === id)!;
      const after = await ctx.audit.audited(
        { actor: auditActor(request.user), action: 'ledger.update', entity: 'ledger', entityId: id, before, after: { ...before, code: request.body.code, kind: request.body.kind }, at: ctx.now() },
        request.log,
        async () => {
          await ledgerSettingModel(app.db).updateOne({ ledgerId: id }, { $set: { code: request.body.code, kind: request.body.kind } }, { upsert: true });
          return (await adminLedgers(app.db)).find((l) => l.id === id)!;
        },
        (ledger) => ({ after: ledger }),
      );
      return ok(after);
    },
  );
}
