import { AdminCloseResult, ApiResponse, ApprovalView, formatEuros, IdParam, ok } from '@kassa/contracts';
import { AppError, fourEyes, type ServiceApp } from '@kassa/service-kit';
import { adminAccount } from '../../accounts-admin/admin-accounts';
import { closeAccount } from '../../accounts-admin/close-account';
import { balanceFirst, lastUseOf, mayExpire } from '../../accounts-admin/close-rule';
import type { AccountsContext } from '../../../context';

/**
 * DELETE /api/admin/accounts/{id}/: closes an account, never erases it (its postings stay in the ledger and the
 * reports). Money left on it expires only as the terms say, on an account unused for more than a year: one `expiry`
 * posting takes it to € 0,00. Otherwise a positive balance must be paid out or moved first (409), and an account that
 * owes money is not closed either: collect or correct it first. The till stops listing it at once; the ledger takes no
 * sale or top-up on it any more. Money that reaches the account while it is being closed opens it again (409): the
 * close never takes it. Four eyes (issue 50 §5): a close that expires a balance is prepared by one board member (202
 * with the pending approval, nothing changes) and approved by another with the same call.
 */
export default function deleteAdminAccount(app: ServiceApp, ctx: AccountsContext) {
  app.delete(
    '/api/admin/accounts/:id/',
    { onRequest: app.requireRole('board'), schema: { tags: ['admin'], summary: 'Close an account (with a balance: prepare, or approve what another admin prepared)', params: IdParam, response: { 200: ApiResponse(AdminCloseResult), 202: ApiResponse(ApprovalView) } } },
    async (request, reply) => {
      const id = request.params.id;
      const { view: before } = await adminAccount(app.db, ctx, id);
      if (before.closedAt) throw new AppError(409, 'account_closed', `${before.name} is closed already.`);
      const head = await ctx.ledger.readHead(id);
      if (head.balanceAfter < 0) throw new AppError(409, 'conflict', `${before.name} owes ${formatEuros(-head.balanceAfter)}: collect it or book a correction before closing.`);
      const createdAt = new Date(before.createdAt);
      const lastUse = await lastUseOf(app.db, id, createdAt);
      if (head.balanceAfter > 0 && !mayExpire(lastUse, ctx.now())) throw balanceFirst(before.name, head.balanceAfter, lastUse);
      let recorded: Promise<unknown> = Promise.resolve();
      if (head.balanceAfter > 0) {
        const gate = await fourEyes(
          { db: app.db, audit: ctx.audit, log: request.log, now: ctx.now },
          {
            service: 'accounts',
            entity: 'account',
            id,
            action: 'close',
            user: request.user,
            roles: ['board'],
            summary: `Close ${before.name} and expire its ${formatEuros(head.balanceAfter)} (unused for more than a year)`,
            amount: head.balanceAfter,
            approve: { method: 'DELETE', path: `/api/admin/accounts/${id}/`, body: null },
          },
        );
        if (!gate.approved) return reply.code(202).send(ok(gate.approval));
        recorded = gate.recorded;
      }
      const { account: after, expired } = await closeAccount(app.db, ctx, { id, before, expected: head.balanceAfter, user: request.user, log: request.log });
      await recorded;
      return ok({ account: after, expired });
    },
  );
}
