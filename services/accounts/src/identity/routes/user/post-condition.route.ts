import { ApiResponse, ConditionResult, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { currentUser } from '../../guards';
import { userModel } from '../../models/user.model';
import { getSettings } from '../../../settings';
import type { AccountsContext } from '../../../context';

/** The user accepts the conditions (terms) as they are now. */
export default function postCondition(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/api/user/condition/',
    { onRequest: app.authenticate,
      // Open while two-factor enrolment is required and not done (requireTfa).
      config: { beforeTfaEnrolment: true }, schema: { tags: ['auth'], summary: 'Accept the current conditions', response: { 200: ApiResponse(ConditionResult) } } },
    async (request) => {
      const user = await currentUser(app, request);
      const { conditionsVersion } = await getSettings(app.db, ctx.now());
      await userModel(app.db).updateOne({ _id: user._id }, { $set: { acceptedConditionVersion: conditionsVersion } });
      return ok({ acceptedConditionVersion: conditionsVersion, acceptedCurrentCondition: true });
    },
  );
}
