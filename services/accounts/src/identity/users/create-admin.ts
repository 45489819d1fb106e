import { NewPassword, Username } from '@kassa/contracts';
import { isDuplicateKey } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import { z } from 'zod';
import { writeAudit } from '../../ledger/audit/audit';
import { userModel } from '../models/user.model';
import { hashPassword } from '../security/passwords';
import { adminUser, auditView } from './admin-users';

/** Who an operator's command acts as in the audit log (no user exists yet when the first administrator is made). */
export const OPERATOR_ACTOR = { userId: null, username: 'operator' } as const;

const CreateAdmin = z.object({ username: Username, password: NewPassword });

/** Why an administrator could not be made, in words for the operator's terminal. */
export class CreateAdminRefused extends Error {}

/**
 * An administrator who signs in with a password, made from the server's own shell: production seeds no users, so
 * this is how a new installation gets its first one (README "Production"). Audited as the operator.
 */
export async function createAdmin(db: Connection, input: { username: string; password: string }, now = new Date()): Promise<{ id: string; username: string }> {
  const parsed = CreateAdmin.safeParse(input);
  if (!parsed.success) throw new CreateAdminRefused(parsed.error.issues.map((i) => i.message).join(' '));
  const { username, password } = parsed.data;
  const User = userModel(db);
  const taken = () => new CreateAdminRefused(`The username ${username} is taken.`);
  if (await User.exists({ username })) throw taken();
  let id: string;
  try {
    const created = await User.create({ username, displayName: null, isAdmin: true, passwordHash: await hashPassword(password), acceptedConditionVersion: 0 });
    id = String(created._id);
  } catch (err) {
    if (isDuplicateKey(err)) throw taken();
    throw err;
  }
  const { view } = await adminUser(db, id);
  await writeAudit(db, { who: OPERATOR_ACTOR, action: 'user.create', entityType: 'user', entityId: id, before: null, after: auditView(view), at: now });
  return { id, username };
}
