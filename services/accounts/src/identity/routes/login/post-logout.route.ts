import { ApiResponse, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { z } from 'zod';

/**
 * POST /api/logout/: ends this sign-in in every service at once (the token is refused from now on, not only forgotten
 * by the browser). Other sign-ins of the same user go on.
 */
export default function postLogout(app: ServiceApp) {
  app.post(
    '/api/logout/',
    {
      onRequest: app.authenticate,
      // Open while two-factor enrolment is required and not done (requireTfa).
      config: { beforeTfaEnrolment: true },
      schema: { tags: ['auth'], summary: 'Log out this sign-in', response: { 200: ApiResponse(z.object({ loggedOut: z.boolean() })) } },
    },
    async (request) => {
      const { sid, exp } = request.user as typeof request.user & { exp?: number };
      if (sid) await app.authDirectory.endSession(sid, (exp ?? 0) - Date.now() / 1000 + 60);
      return ok({ loggedOut: true });
    },
  );
}
