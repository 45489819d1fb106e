import { z } from 'zod';
import { Capability } from './capabilities';
import { AdminRole } from './roles';
import { DisplayName } from './text';
import { ObjectId, PageQuery } from './wrapper';

/** A user as the administration sees it: never a password hash, PIN, card secret or two-factor secret. */
export const AdminUser = z.object({
  id: ObjectId,
  username: z.string(),
  displayName: z.string().nullable(),
  isAdmin: z.boolean(),
  /** The admin roles held now (every role for an admin from before roles); empty for a user who is not an admin. */
  roles: z.array(AdminRole),
  disabled: z.boolean(),
  registerId: ObjectId.nullable(),
  registerName: z.string().nullable(),
  accountId: ObjectId.nullable(),
  accountName: z.string().nullable(),
  hasPassword: z.boolean(),
  singleSignOn: z.boolean(),
  tfaEnabled: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUsersQuery = PageQuery.extend({ search: z.string().max(100).optional() });
export type AdminUsersQuery = z.input<typeof AdminUsersQuery>;

/** A username: lower case letters, digits, dot, dash and underscore, 2 to 40. */
export const Username = z
  .string()
  .transform((v) => v.trim().toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9._-]{2,40}$/, 'A username has 2 to 40 lower-case letters, digits, dots, dashes or underscores.'));

export const NewPassword = z.string().min(8, 'A password has at least 8 characters.').max(200, 'A password has at most 200 characters.');

/** POST /api/admin/users/. */
export const AdminUserCreateBody = z.object({
  username: Username,
  password: NewPassword,
  displayName: DisplayName(100).nullable().optional(),
  isAdmin: z.boolean().default(false),
  /** With isAdmin: which admin roles; left out, an admin holds every role. Distinct, at least one. */
  roles: z.array(AdminRole).min(1, 'An admin holds at least one role.').max(4).refine((r) => new Set(r).size === r.length, 'Each role once.').optional(),
  registerId: ObjectId.nullable().default(null),
  accountId: ObjectId.nullable().default(null),
});
export type AdminUserCreateBody = z.input<typeof AdminUserCreateBody>;

/** PATCH /api/admin/users/{id}/: any of these. */
export const AdminUserPatchBody = z.object({
  displayName: DisplayName(100).nullable().optional(),
  isAdmin: z.boolean().optional(),
  /** With isAdmin: which admin roles; left out, an admin holds every role. Distinct, at least one. */
  roles: z.array(AdminRole).min(1, 'An admin holds at least one role.').max(4).refine((r) => new Set(r).size === r.length, 'Each role once.').optional(),
  disabled: z.boolean().optional(),
  registerId: ObjectId.nullable().optional(),
  accountId: ObjectId.nullable().optional(),
});
export type AdminUserPatchBody = z.input<typeof AdminUserPatchBody>;

/** POST /api/admin/users/{id}/password: a new password; every older sign-in of the user ends. */
export const AdminPasswordBody = z.object({ password: NewPassword });

export const AdminRegister = z.object({
  id: ObjectId,
  name: z.string(),
  capabilities: z.array(Capability),
  terminalName: z.string().nullable(),
  /** Usernames of the users at this register. */
  users: z.array(z.object({ id: ObjectId, username: z.string() })),
});
export type AdminRegister = z.infer<typeof AdminRegister>;
export const AdminRegisters = z.object({ registers: z.array(AdminRegister) });
export type AdminRegisters = z.infer<typeof AdminRegisters>;

export const AdminRegisterBody = z.object({
  name: DisplayName(50),
  capabilities: z.array(Capability, { error: 'Choose capabilities from the list.' }).max(Capability.options.length),
  terminalName: DisplayName(60).nullable().default(null),
});
export type AdminRegisterBody = z.input<typeof AdminRegisterBody>;
