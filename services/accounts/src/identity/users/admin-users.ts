import { effectiveRoles, type AdminRole, type AdminUser } from '@kassa/contracts';
import { AppError, notFound } from '@kassa/service-kit';
import type { Connection, Types } from 'mongoose';
import { accountModel } from '../../ledger/models/account.model';
import { registerModel } from '../models/register.model';
import { userModel } from '../models/user.model';

/** The fields of a user the administration reads (no secrets are ever selected). */
export const USER_FIELDS = { username: 1, displayName: 1, isAdmin: 1, roles: 1, disabled: 1, registerId: 1, accountId: 1, passwordHash: 1, viaductUserId: 1, tfaEnabled: 1, createdAt: 1, tokensValidAfter: 1 } as const;

interface UserRow {
  _id: Types.ObjectId;
  username: string;
  displayName?: string | null;
  isAdmin?: boolean | null;
  roles?: string[] | null;
  disabled?: boolean | null;
  registerId?: Types.ObjectId | null;
  accountId?: Types.ObjectId | null;
  passwordHash?: string | null;
  viaductUserId?: string | null;
  tfaEnabled?: boolean | null;
  createdAt?: Date;
}

/** Users as the admin sees them, with their register's and account's names (one query each, joined here). */
export async function adminUsers(db: Connection, rows: UserRow[]): Promise<AdminUser[]> {
  const registerIds = [...new Set(rows.flatMap((r) => (r.registerId ? [String(r.registerId)] : [])))];
  const accountIds = [...new Set(rows.flatMap((r) => (r.accountId ? [String(r.accountId)] : [])))];
  const [registers, accounts] = await Promise.all([
    registerIds.length ? registerModel(db).find({ _id: { $in: registerIds } }, { name: 1 }).lean() : [],
    accountIds.length ? accountModel(db).find({ _id: { $in: accountIds } }, { name: 1 }).lean() : [],
  ]);
  const registerName = new Map(registers.map((r) => [String(r._id), r.name]));
  const accountName = new Map(accounts.map((a) => [String(a._id), a.name]));
  return rows.map((r) => ({
    id: String(r._id),
    username: r.username,
    displayName: r.displayName ?? null,
    isAdmin: r.isAdmin ?? false,
    roles: effectiveRoles({ isAdmin: r.isAdmin, roles: r.roles as AdminRole[] | null | undefined }),
    disabled: r.disabled ?? false,
    registerId: r.registerId ? String(r.registerId) : null,
    registerName: r.registerId ? (registerName.get(String(r.registerId)) ?? null) : null,
    accountId: r.accountId ? String(r.accountId) : null,
    accountName: r.accountId ? (accountName.get(String(r.accountId)) ?? null) : null,
    hasPassword: Boolean(r.passwordHash),
    singleSignOn: Boolean(r.viaductUserId),
    tfaEnabled: r.tfaEnabled ?? false,
    createdAt: (r.createdAt ?? new Date(0)).toISOString(),
  }));
}

export async function adminUser(db: Connection, id: string): Promise<{ row: UserRow; view: AdminUser }> {
  const row = await userModel(db).findById(id, USER_FIELDS).lean();
  if (!row) throw notFound('This user does not exist.');
  const [view] = await adminUsers(db, [row]);
  return { row, view: view! };
}

/** A register and an account named for a user must exist, and the account must not be another user's. */
export async function assertLinks(db: Connection, links: { registerId?: string | null; accountId?: string | null }, userId: string | null): Promise<void> {
  if (links.registerId && !(await registerModel(db).exists({ _id: links.registerId }))) {
    throw new AppError(422, 'validation_error', 'Choose a register.', [{ loc: ['body', 'registerId'], msg: 'This register does not exist.', type: 'value_error' }]);
  }
  if (links.accountId) {
    if (!(await accountModel(db).exists({ _id: links.accountId }))) {
      throw new AppError(422, 'validation_error', 'Choose an account.', [{ loc: ['body', 'accountId'], msg: 'This account does not exist.', type: 'value_error' }]);
    }
    const holder = await userModel(db).findOne({ accountId: links.accountId, ...(userId ? { _id: { $ne: userId } } : {}) }, { username: 1 }).lean();
    if (holder) throw new AppError(409, 'conflict', `This account is already linked to user ${holder.username}.`);
  }
}

/** What an audit entry may say about a user: who and what, never a secret. */
export const auditView = (u: AdminUser) => ({
  username: u.username,
  displayName: u.displayName,
  isAdmin: u.isAdmin,
  roles: u.roles,
  disabled: u.disabled,
  registerId: u.registerId,
  accountId: u.accountId,
  tfaEnabled: u.tfaEnabled,
});
