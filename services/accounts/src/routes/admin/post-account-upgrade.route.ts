import { ADMIN_UPGRADE_METHOD_LABELS, AdminUpgradeBody, AdminUpgradeResult, ApiResponse, formatEuros, IdParam, ok } from '@kassa/contracts';
import { AppError, type ServiceApp } from '@kassa/service-kit';
import { auditWho, writeAudit } from '../../audit';
import type { AccountsContext } from '../../context';

/**
 * POST /api/admin/accounts/{id}/upgrade/ (SPEC 7): the board puts money on an account (cash, card, bank transfer,
 * other) or corrects it (signed). The nonce is the posting's key, so one nonce sent twice, also at the same moment,
 * posts once; the audit entry has a key made from it too, so a retry after a crash still writes exactly one.
 * A correction that would take a prepaid account below zero (or a credit account past its limit) answers 409
 * confirmation_required until it is sent again with `allowNegative` (the page's second confirmation).
 */
export default function postAdminAccountUpgrade(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/api/admin/accounts/:id/upgrade/',
    { preHandler: app.requireAdmin, schema: { tags: ['admin'], summary: 'Top up or correct an account', params: IdParam, body: AdminUpgradeBody, response: { 200: ApiResponse(AdminUpgradeResult) } } },
    async (request) => {
      const id = request.params.id;
      const { amount, method, reason, nonce, allowNegative } = request.body;
      const correction = method === 'correction';
      let posted;
      try {
        posted = await ctx.ledger.post({
          accountId: id,
          amount,
          key: `admin-upgrade:${nonce}`,
          kind: correction ? 'correction' : 'topup',
          ref: `admin:${request.user.sub}`,
          description: correction ? 'Correction by the board' : `Top-up by the board (${ADMIN_UPGRADE_METHOD_LABELS[method].toLowerCase()})`,
          method,
          reason: reason || null,
          by: request.user.username,
          allowNegative: correction && allowNegative,
        });
      } catch (err) {
        if (err instanceof AppError && err.identifier === 'insufficient_credits' && correction) {
          throw new AppError(409, 'confirmation_required', `This correction takes the account below what it may reach (${formatEuros(amount)}). Confirm it to book it anyway.`);
        }
        throw err;
      }
      await writeAudit(app.db, {
        key: `audit:admin-upgrade:${nonce}`,
        who: auditWho(request.user),
        action: correction ? 'account.correction' : 'account.upgrade',
        entityType: 'account',
        entityId: id,
        before: { balance: posted.balanceAfter - posted.amount },
        after: { balance: posted.balanceAfter, amount: posted.amount, method, reason: reason || null, seq: posted.seq },
        at: ctx.now(),
      });
      return ok({ accountId: id, seq: posted.seq, amount: posted.amount, balanceAfter: posted.balanceAfter, replay: posted.replay });
    },
  );
}
