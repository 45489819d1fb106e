import { z } from 'zod';
import { Capability } from './capabilities';
import { ObjectId } from './wrapper';

export const LoginBody = z.object({
  username: z
    .string()
    .transform((s) => s.trim().toLowerCase())
    .pipe(z.string().min(1, 'Please enter a username.').max(100)),
  password: z.string().min(1, 'Please enter a password.').max(200),
  /** Six-digit TOTP code or a recovery code, when two-factor sign-in is on for the user. */
  tfaCode: z.string().max(32).optional(),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const LoginResult = z.object({ access_token: z.string() });
export type LoginResult = z.infer<typeof LoginResult>;

export const OAuthBody = z.object({
  code: z.string().min(1).max(512),
  redirect_uri: z.string().max(2048).optional(),
});
export type OAuthBody = z.infer<typeof OAuthBody>;

export const ConfigUser = z.object({
  id: ObjectId,
  username: z.string(),
  accountId: ObjectId.nullable(),
  viaductUserId: z.string().nullable(),
  isAdmin: z.boolean(),
});
export type ConfigUser = z.infer<typeof ConfigUser>;

export const ConfigRegister = z.object({
  id: ObjectId.nullable(),
  name: z.string(),
  capabilities: z.array(Capability),
});
export type ConfigRegister = z.infer<typeof ConfigRegister>;

/** SPEC 3 "Configuration". */
export const Config = z.object({
  aprilFoolsEnabled: z.boolean(),
  posWrappedAvailable: z.boolean(),
  requireTfa: z.boolean(),
  requireSettingAccountPin: z.boolean(),
  accountUpgradeMinAmount: z.number().int(),
  user: ConfigUser,
  register: ConfigRegister,
  acceptedCurrentCondition: z.boolean(),
  showAccountRequest: z.boolean(),
});
export type Config = z.infer<typeof Config>;

/** Claims of the bearer token every service verifies. */
export const TokenClaims = z.object({
  sub: z.string(),
  username: z.string(),
  isAdmin: z.boolean(),
  capabilities: z.array(Capability),
  registerId: z.string().nullable(),
});
export type TokenClaims = z.infer<typeof TokenClaims>;

/** GET /api/login/oauth/viaduct/start: where the provider sends the user back, and the client's anti-forgery state. */
export const SsoStartQuery = z.object({
  redirect_uri: z.string().url('Please give a valid redirect_uri.').max(2048),
  state: z.string().max(512).optional(),
});
export type SsoStartQuery = z.infer<typeof SsoStartQuery>;

/** POST /api/user/condition/: the version of the conditions the user has now accepted. */
export const ConditionResult = z.object({ acceptedConditionVersion: z.number().int(), acceptedCurrentCondition: z.boolean() });
export type ConditionResult = z.infer<typeof ConditionResult>;
