import { effectiveRoles, type AdminRole } from '@kassa/contracts';
import { AppError, type ServiceApp } from '@kassa/service-kit';
import type { Types } from 'mongoose';
import { registerOf } from './registers';
import { registerModel } from './models/register.model';
import { publishRegister, publishUser } from './security/rights';

export interface SessionUser {
  _id: Types.ObjectId;
  username: string;
  isAdmin?: boolean | null;
  roles?: AdminRole[] | string[] | null;
  registerId?: Types.ObjectId | null;
  disabled?: boolean | null;
  tokensValidAfter?: Date | null;
  tfaEnabled?: boolean | null;
}

/** Signs the bearer token every service checks; capabilities come from the user's register at this moment. */
export async function issueToken(app: ServiceApp, user: SessionUser): Promise<string> {
  if (user.disabled) throw new AppError(403, 'insufficient_permissions', 'This user is disabled. Ask the board to enable it again.');
  const register = await registerOf(app.db, user);
  // The directory learns the user's rights now (a user or register made after the start, or by single sign-on).
  if (user.registerId) {
    const own = await registerModel(app.db).findById(user.registerId, { capabilities: 1 }).lean();
    if (own) await publishRegister(app, own);
  }
  await publishUser(app, user);
  return app.signToken({
    sub: String(user._id),
    username: user.username,
    isAdmin: user.isAdmin ?? false,
    roles: effectiveRoles({ isAdmin: user.isAdmin, roles: user.roles as AdminRole[] | null | undefined }),
    capabilities: register.capabilities,
    registerId: register.id,
  });
}
