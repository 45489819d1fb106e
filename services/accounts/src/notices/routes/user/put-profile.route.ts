import { ApiResponse, ok, Profile, ProfileBody } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { AccountsContext } from '../../../context';
import { currentUser } from '../../../identity/guards';
import { userModel } from '../../../identity/models/user.model';
import { profileView } from '../../profile';

/** The user sets the address and language of their notices (an empty address removes it) and the low-balance mail. */
export default function putProfile(app: ServiceApp, ctx: AccountsContext) {
  app.put(
    '/api/user/profile',
    { onRequest: app.authenticate, schema: { tags: ['auth'], summary: 'Set own e-mail address, mail language and low-balance mail', body: ProfileBody, response: { 200: ApiResponse(Profile) } } },
    async (request) => {
      const user = await currentUser(app, request);
      const email = request.body.email === '' ? null : request.body.email;
      const { language, lowBalance } = request.body;
      await userModel(app.db).updateOne({ _id: user._id }, { $set: { email, language, lowBalance } });
      ctx.lowBalance.forget();
      return ok(profileView({ ...user, email, language, lowBalance }));
    },
  );
}
