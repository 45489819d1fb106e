import { ApiResponse, ok, TfaCodeBody, TfaDisableResult } from '@kassa/contracts';
import { AppError, type ServiceApp } from '@kassa/service-kit';
import { auditActor } from '../../../ledger/audit/audit';
import type { AccountsContext } from '../../../context';
import { currentUser } from '../../guards';
import { userModel } from '../../models/user.model';
import { republishUser } from '../../security/rights';

export const TFA_OFF = { tfaEnabled: false, tfaSecret: null, tfaPendingSecret: null, tfaRecoveryHashes: [] };

/**
 * Turns two-factor sign-in off with a current code or a recovery code (counted towards the lock-out like a sign-in).
 * When the association requires it, the next config sends the user straight back to enrolment.
 */
export default function postTfaDisable(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/api/user/tfa/disable',
    {
      onRequest: app.authenticate,
      schema: { tags: ['auth'], summary: 'Turn two-factor sign-in off', body: TfaCodeBody, response: { 200: ApiResponse(TfaDisableResult) } },
    },
    async (request) => {
      const user = await currentUser(app, request);
      if (!user.tfaEnabled) throw new AppError(409, 'conflict', 'Two-factor sign-in is not on.');
      await ctx.tfa.check(user, request.body.code);
      await ctx.audit.audited(
        { actor: auditActor(request.user), action: 'user.tfa.disable', entity: 'user', entityId: String(user._id), before: { tfaEnabled: true }, after: { tfaEnabled: false }, at: ctx.now() },
        request.log,
        async () => {
          await userModel(app.db).updateOne({ _id: user._id }, { $set: TFA_OFF });
          await republishUser(app, user._id);
        },
      );
      return ok({ tfaEnabled: false as const });
    },
  );
}
