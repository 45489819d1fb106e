import { ApiResponse, IdParam, ok, TfaDisableResult } from '@kassa/contracts';
import { AppError, type ServiceApp } from '@kassa/service-kit';
import { auditActor } from '../../../ledger/audit/audit';
import type { AccountsContext } from '../../../context';
import { userModel } from '../../models/user.model';
import { TFA_OFF } from '../user/post-tfa-disable.route';
import { republishUser } from '../../security/rights';

/** An administrator turns a user's two-factor sign-in off (phone and recovery codes lost); the user enrols again. */
export default function postUserTfaReset(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/api/admin/users/:id/tfa/reset',
    {
      onRequest: app.requireRole('board'),
      schema: { tags: ['admin'], summary: "Reset a user's two-factor sign-in", params: IdParam, response: { 200: ApiResponse(TfaDisableResult) } },
    },
    async (request) => {
      const User = userModel(app.db);
      const user = await User.findById(request.params.id, { username: 1, tfaEnabled: 1 }).lean();
      if (!user) throw new AppError(404, 'not_found', 'User not found.');
      await ctx.audit.audited(
        {
          actor: auditActor(request.user),
          action: 'user.tfa.reset',
          entity: 'user',
          entityId: String(user._id),
          before: { username: user.username, tfaEnabled: user.tfaEnabled ?? false },
          after: { username: user.username, tfaEnabled: false },
          at: ctx.now(),
        },
        request.log,
        async () => {
          await User.updateOne({ _id: user._id }, { $set: TFA_OFF });
          await republishUser(app, user._id);
        },
      );
      return ok({ tfaEnabled: false as const });
    },
  );
}
