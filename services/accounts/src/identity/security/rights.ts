import { ALL_CAPABILITIES, type AdminRole, type Capability } from '@kassa/contracts';
import type { ServiceApp, UserRecord } from '@kassa/service-kit';
import type { Types } from 'mongoose';
import { registerModel } from '../models/register.model';
import { userModel } from '../models/user.model';
import { getSettings } from '../../settings';

/**
 * Keeps the auth directory (libs/service-kit/src/auth-directory.ts) equal to the database: every service checks each
 * token against it, so a changed admin flag, register, capability, password or disable holds at once. Called at
 * start for everyone, at every sign-in for that user, and by every change to a user or register.
 */
interface UserRights {
  _id: Types.ObjectId;
  isAdmin?: boolean | null;
  roles?: AdminRole[] | string[] | null;
  registerId?: Types.ObjectId | null;
  disabled?: boolean | null;
  tokensValidAfter?: Date | null;
  tfaEnabled?: boolean | null;
}

export const userRecord = (u: UserRights): UserRecord => ({
  isAdmin: u.isAdmin ?? false,
  ...(u.roles == null ? {} : { roles: u.roles as AdminRole[] }),
  registerId: u.registerId ? String(u.registerId) : null,
  disabled: u.disabled ?? false,
  validAfter: u.tokensValidAfter ? Math.floor(u.tokensValidAfter.getTime() / 1000) : 0,
  tfaEnabled: u.tfaEnabled ?? false,
});

const capabilitiesOf = (caps: readonly string[] | null | undefined): Capability[] => (caps ?? []).filter((c): c is Capability => (ALL_CAPABILITIES as string[]).includes(c));

export const publishUser = (app: ServiceApp, user: UserRights) => app.authDirectory.publishUser(String(user._id), userRecord(user));

export const publishRegister = (app: ServiceApp, register: { _id: Types.ObjectId; capabilities?: readonly string[] | null }) =>
  app.authDirectory.publishRegister(String(register._id), { capabilities: capabilitiesOf(register.capabilities) });

/** The settings every service enforces (requireTfa). */
export async function publishSettings(app: ServiceApp): Promise<void> {
  const { requireTfa } = await getSettings(app.db);
  await app.authDirectory.publishSettings({ requireTfa });
}

/** Every register and user, then the mark that makes a token of a user without a record invalid. */
export async function publishAll(app: ServiceApp): Promise<void> {
  for (const register of await registerModel(app.db).find({}, { capabilities: 1 }).lean()) await publishRegister(app, register);
  const users = await userModel(app.db).find({}, { isAdmin: 1, roles: 1, registerId: 1, disabled: 1, tokensValidAfter: 1, tfaEnabled: 1 }).lean();
  for (const user of users) await publishUser(app, user);
  await publishSettings(app);
  await app.authDirectory.markPublished();
}

/** Reads one user again and writes them to the directory (after a change made with updateOne). */
export async function republishUser(app: ServiceApp, id: string | Types.ObjectId): Promise<void> {
  const user = await userModel(app.db).findById(id, { isAdmin: 1, roles: 1, registerId: 1, disabled: 1, tokensValidAfter: 1, tfaEnabled: 1 }).lean();
  if (user) await publishUser(app, user);
}
