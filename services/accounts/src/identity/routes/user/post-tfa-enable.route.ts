import { ApiResponse, ok, TfaCodeBody, TfaEnableResult } from '@kassa/contracts';
import { AppError, type ServiceApp } from '@kassa/service-kit';
import { auditActor } from '../../../ledger/audit/audit';
import type { AccountsContext } from '../../../context';
import { currentUser } from '../../guards';
import { userModel } from '../../models/user.model';
import { hashRecoveryCode, newRecoveryCodes, verifyTotp } from '../../security/tfa';
import { invalidTfaCode } from '../../security/tfa-guard';
import { republishUser } from '../../security/rights';

/** Finishes enrolment: a code from the pending secret turns two-factor sign-in on and yields ten recovery codes. */
export default function postTfaEnable(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/api/user/tfa/enable',
    {
      onRequest: app.authenticate,
      // Open while two-factor enrolment is required and not done (requireTfa).
      config: { beforeTfaEnrolment: true },
      schema: { tags: ['auth'], summary: 'Confirm a code and turn two-factor sign-in on', body: TfaCodeBody, response: { 200: ApiResponse(TfaEnableResult) } },
    },
    async (request) => {
      const user = await currentUser(app, request);
      if (user.tfaEnabled) throw new AppError(409, 'conflict', 'Two-factor sign-in is already on.');
      if (!user.tfaPendingSecret) throw new AppError(409, 'conflict', 'Start the two-factor set-up first.');
      const now = ctx.now();
      const step = verifyTotp(ctx.tfa.open(user.tfaPendingSecret), request.body.code, now);
      if (step === null || !(await ctx.tfa.claimStep(user._id, step, now))) throw invalidTfaCode();

      const recoveryCodes = newRecoveryCodes();
      await ctx.audit.audited(
        { actor: auditActor(request.user), action: 'user.tfa.enable', entity: 'user', entityId: String(user._id), before: { tfaEnabled: false }, after: { tfaEnabled: true }, at: now },
        request.log,
        async () => {
          await userModel(app.db).updateOne(
            { _id: user._id },
            {
              $set: {
                tfaEnabled: true,
                tfaSecret: user.tfaPendingSecret,
                tfaPendingSecret: null,
                tfaRecoveryHashes: recoveryCodes.map((c) => hashRecoveryCode(ctx.env.PIN_PEPPER, String(user._id), c)),
              },
            },
          );
          await republishUser(app, request.user.sub);
        },
      );
      return ok({ tfaEnabled: true as const, recoveryCodes });
    },
  );
}
