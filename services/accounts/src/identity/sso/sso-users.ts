import { cleanName } from '@kassa/contracts';
import { isDuplicateKey } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import { randomBytes } from 'node:crypto';
import { userModel } from '../models/user.model';
import { ensureRegister, MEMBERS_REGISTER } from '../registers';
import type { SsoIdentity } from './sso-adapter';

/** "Jan de Vries" -> "jan.de.vries": lower case, ASCII letters, digits, dots, dashes and underscores. */
export function usernameBase(preferred: string, viaductUserId: string): string {
  const base = preferred
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '.')
    .replace(/[^a-z0-9._-]/g, '')
    .replace(/\.{2,}/g, '.')
    .replace(/^[.-]+|[.-]+$/g, '')
    .slice(0, 40);
  return base || `viaduct-${viaductUserId.toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 20) || 'user'}`;
}

/** The provider's name stored like every name (cleanName), at most 100 characters as DisplayName allows; none when empty. */
export function ssoDisplayName(name: string): string | null {
  return cleanName(name).slice(0, 100).trim() || null;
}

function* candidates(base: string) {
  yield base;
  for (let n = 2; n <= 20; n++) yield `${base}-${n}`;
  yield `${base}-${randomBytes(3).toString('hex')}`;
}

/**
 * The Kassa user for a single-sign-on identity: found by viaductUserId, else created once (the unique index on
 * viaductUserId settles two first sign-ins at the same moment) in the Members register, with a free username.
 */
export async function findOrCreateSsoUser(db: Connection, identity: SsoIdentity) {
  const User = userModel(db);
  const existing = await User.findOne({ viaductUserId: identity.viaductUserId }).lean();
  if (existing) return existing;
  const registerId = await ensureRegister(db, MEMBERS_REGISTER.name, MEMBERS_REGISTER.capabilities);
  for (const username of candidates(usernameBase(identity.username, identity.viaductUserId))) {
    try {
      const created = await User.create({ username, viaductUserId: identity.viaductUserId, displayName: ssoDisplayName(identity.name), registerId });
      return created.toObject();
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      const raced = await User.findOne({ viaductUserId: identity.viaductUserId }).lean();
      if (raced) return raced;
    }
  }
  throw new Error(`no free username for single-sign-on user ${identity.viaductUserId}`);
}
