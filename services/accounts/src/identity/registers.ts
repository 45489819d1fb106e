import { ALL_CAPABILITIES, type Capability } from '@kassa/contracts';
import { isDuplicateKey } from '@kassa/service-kit';
import type { Connection, Types } from 'mongoose';
import { registerModel } from './models/register.model';

/** The register new single-sign-on members get: they may pay with their own account. */
export const MEMBERS_REGISTER = { name: 'Members', capabilities: ['PAYMENT_ACCOUNT_SELF'] as Capability[] };

/** Finds a register by name or creates it with these capabilities; an existing register keeps its own. */
export async function ensureRegister(db: Connection, name: string, capabilities: Capability[]): Promise<Types.ObjectId> {
  const Register = registerModel(db);
  const found = await Register.findOne({ name }, { _id: 1 }).lean();
  if (found) return found._id;
  try {
    return (await Register.create({ name, capabilities }))._id;
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    const raced = await Register.findOne({ name }, { _id: 1 }).lean();
    if (!raced) throw err;
    return raced._id;
  }
}

export interface RegisterView {
  id: string | null;
  name: string;
  capabilities: Capability[];
}

/** A user's register as tokens and config show it. Administrators hold every capability. */
export async function registerOf(db: Connection, user: { registerId?: Types.ObjectId | null; isAdmin?: boolean | null }): Promise<RegisterView> {
  const register = user.registerId ? await registerModel(db).findById(user.registerId, { name: 1, capabilities: 1 }).lean() : null;
  const own = (register?.capabilities ?? []).filter((c): c is Capability => (ALL_CAPABILITIES as string[]).includes(c));
  return {
    id: register ? String(register._id) : null,
    name: register?.name ?? 'No register',
    capabilities: user.isAdmin ? [...ALL_CAPABILITIES] : own,
  };
}
