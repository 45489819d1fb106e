import type { Capability } from '@kassa/contracts';
import { authGuard, forbidden, unauthorized, type ServiceApp } from '@kassa/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { userModel } from './models/user.model';

/** onRequest: a valid token holding at least one of the capabilities (the account list serves two kinds of till). */
export const requireAnyCapability =
  (app: ServiceApp, ...caps: Capability[]) =>
    authGuard(async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      await app.authenticate.call(app, request, reply);
      if (!caps.some((c) => request.user.capabilities.includes(c))) throw forbidden();
    });

/** The signed-in user as stored now; a token of a deleted user is treated as expired. */
export async function currentUser(app: ServiceApp, request: FastifyRequest) {
  const user = await userModel(app.db).findById(request.user.sub).lean();
  if (!user) throw unauthorized();
  return user;
}
