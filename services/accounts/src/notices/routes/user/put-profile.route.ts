import { ApiResponse, ok, Profile, ProfileBody } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { currentUser } from '../../../identity/guards';
import { userModel } from '../../../identity/models/user.model';
import { profileView } from '../../profile';

/** The user sets the address and language of their notices; an empty address removes it. */
export default function putProfile(app: ServiceApp) {
  app.put(
    '/api/user/profile',
    { onRequest: app.authenticate, schema: { tags: ['auth'], summary: 'Set own e-mail address and mail language', body: ProfileBody, response: { 200: ApiResponse(Profile) } } },
    async (request) => {
      const user = await currentUser(app, request);
      const email = request.body.email === '' ? null : request.body.email;
      await userModel(app.db).updateOne({ _id: user._id }, { $set: { email, language: request.body.language } });
      return ok(profileView({ ...user, email, language: request.body.language }));
    },
  );
}
