import { ADMIN_UPGRADE_METHOD_LABELS, AdminUpgradeBody, AdminUpgradeResult, ApiResponse, ApprovalView, formatEuros, IdParam, ok } from '@kassa/contracts';
import { AppError, fourEyes, type ServiceApp } from '@kassa/service-kit';
import { adminAccount } from '../../accounts-admin/admin-accounts';
import { auditActor } from '../../audit/audit';
import type { AccountsContext } from '../../../context';
import { getSettings } from '../../../settings';

/**
 * POST /api/admin/accounts/{id}/upgrade/ (SPEC 7): the board puts money on an account (cash, card, bank transfer,
 * other) or corrects it (signed). The nonce is the posting's key, so one nonce sent twice, also at the same moment,
 * posts once; the audit entry has a key made from it too, so a retry after a crash still writes exactly one.
 * A correction that would take a prepaid account below zero (or a credit account past its limit) answers 409
 * confirmation_required until it is sent again with `allowNegative` (the page's second confirmation). Four eyes (issue
 * 50 §5): a correction of more than the setting `fourEyesAboveCents` (either way) is prepared by one treasurer (202
 * with the pending approval, keyed by its nonce) and booked when another sends the same correction.
 */
export default function postAdminAccountUpgrade(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/api/admin/accounts/:id/upgrade/',
    { onRequest: app.requireRole('treasurer'), schema: { tags: ['admin'], summary: 'Top up or correct an account (a large correction: prepare, or approve what another admin prepared)', params: IdParam, body: AdminUpgradeBody, response: { 200: ApiResponse(AdminUpgradeResult), 202: ApiResponse(ApprovalView) } } },
    async (request, reply) => {
      const id = request.params.id;
      const { amount, method, reason, nonce, allowNegative } = request.body;
      const correction = method === 'correction';
      let recorded: Promise<unknown> = Promise.resolve();
      if (correction && Math.abs(amount) > (await getSettings(app.db)).fourEyesAboveCents) {
        const { view } = await adminAccount(app.db, ctx, id);
        const gate = await fourEyes(
          { db: app.db, audit: ctx.audit, log: request.log, now: ctx.now },
          {
            service: 'accounts',
            entity: 'account',
            id,
            action: `correction:${nonce}`,
            user: request.user,
            roles: ['treasurer'],
            summary: `Correct ${view.name} by ${amount > 0 ? '+' : ''}${formatEuros(amount)}${reason ? `: ${reason}` : ''}`,
            amount,
            approve: { method: 'POST', path: `/api/admin/accounts/${id}/upgrade/`, body: { amount, method, reason, nonce, allowNegative } },
          },
        );
        if (!gate.approved) return reply.code(202).send(ok(gate.approval));
        recorded = gate.recorded;
      }
      const key = `admin-upgrade:${nonce}`;
      const entry = {
        key: `audit:${key}`,
        actor: auditActor(request.user),
        action: correction ? 'account.correction' : 'account.upgrade',
        entity: 'account',
        entityId: id,
        before: { balance: null },
        after: { amount, method, reason: reason || null },
        // It happened when the posting is there; the check reads the balances from it.
        expect: { posting: key },
        at: ctx.now(),
      };
      const posted = await ctx.audit.audited(entry, request.log, () => post(), (p) => ({
        before: { balance: p.balanceAfter - p.amount },
        after: { balance: p.balanceAfter, amount: p.amount, method, reason: reason || null, seq: p.seq },
      }));
      await recorded;
      return ok({ accountId: id, seq: posted.seq, amount: posted.amount, balanceAfter: posted.balanceAfter, replay: posted.replay });

      async function post() {
        try {
          return await ctx.ledger.post({
            accountId: id,
            amount,
            key,
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
      }
    },
  );
}
