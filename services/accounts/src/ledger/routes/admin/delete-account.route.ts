import { AdminCloseResult, ApiResponse, ApprovalView, formatEuros, IdParam, ok } from '@kassa/contracts';
import { AppError, fourEyes, type ServiceApp } from '@kassa/service-kit';
import { adminAccount, auditView } from '../../accounts-admin/admin-accounts';
import { balanceFirst, lastUseOf, mayExpire } from '../../accounts-admin/close-rule';
import { auditActor } from '../../audit/audit';
import type { AccountsContext } from '../../../context';

export const EXPIRY_DESCRIPTION = 'Balance expired when the account was closed (terms: unused for more than a year)';

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
      const closedAt = ctx.now();
      const { after, expired } = await ctx.audit.audited(
        // The close happened when the account carries this closing moment.
        { actor: auditActor(request.user), action: 'account.close', entity: 'account', entityId: id, before: auditView(before), after: { ...auditView(before), closedAt }, expect: { closedAt }, at: closedAt },
        request.log,
        async () => {
          // Closed first, so no sale lands between reading the balance and expiring it (the ledger refuses them now).
          await ctx.ledger.updateAccount(id, { closedAt });
          ctx.directory.invalidate();
          let expired = 0;
          const left = await ctx.ledger.readHead(id);
          if (left.balanceAfter !== head.balanceAfter) {
            // Money moved between the check and the close (a top-up, a sale): open again, and let the board look.
            const used = await lastUseOf(app.db, id, createdAt);
            if (left.balanceAfter < 0 || (left.balanceAfter > 0 && !mayExpire(used, closedAt))) {
              await ctx.ledger.updateAccount(id, { closedAt: null });
              ctx.directory.invalidate();
              if (left.balanceAfter < 0) throw new AppError(409, 'conflict', `${before.name} owes ${formatEuros(-left.balanceAfter)} now: it stays open.`);
              throw balanceFirst(before.name, left.balanceAfter, used);
            }
          }
          if (left.balanceAfter > 0) {
            const posted = await ctx.ledger.post({ accountId: id, amount: -left.balanceAfter, key: `expiry:${id}`, kind: 'expiry', ref: `close:${id}`, description: EXPIRY_DESCRIPTION, by: request.user.username });
            expired = -posted.amount;
          }
          return { after: (await adminAccount(app.db, ctx, id)).view, expired };
        },
        (closed) => ({ after: { ...auditView(closed.after), expired: closed.expired } }),
      );
      await recorded;
      return ok({ account: after, expired });
    },
  );
}
