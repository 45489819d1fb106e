import { ApiResponse, ok, Profile } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { currentUser } from '../../../identity/guards';
import { profileView } from '../../profile';

/** Where and in which language the signed-in user's notices go. */
export default function getProfile(app: ServiceApp) {
  app.get(
    '/api/user/profile',
    { onRequest: app.authenticate, schema: { tags: ['auth'], summary: 'Own e-mail address and mail language', response: { 200: ApiResponse(Profile) } } },
    async (request) => ok(profileView(await currentUser(app, request))),
  );
}
