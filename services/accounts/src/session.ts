import type { ServiceApp } from '@kassa/service-kit';
import type { Types } from 'mongoose';
import { registerOf } from './registers';

export interface SessionUser {
  _id: Types.ObjectId;
  username: string;
  isAdmin?: boolean | null;
  registerId?: Types.ObjectId | null;
}

/** Signs the bearer token every service checks; capabilities come from the user's register at this moment. */
export async function issueToken(app: ServiceApp, user: SessionUser): Promise<string> {
  const register = await registerOf(app.db, user);
  return app.signToken({
    sub: String(user._id),
    username: user.username,
    isAdmin: user.isAdmin ?? false,
    capabilities: register.capabilities,
    registerId: register.id,
  });
}
