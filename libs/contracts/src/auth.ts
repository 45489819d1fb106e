import { z } from 'zod';
import { Capability } from './capabilities';
import { AgeCheck } from './catalog';
import { AdminRole } from './roles';
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

/**
 * What single sign-on answers: a token, or (for a user with two-factor sign-in) a challenge to send back with the
 * code to POST /api/login/oauth/tfa/.
 */
export const SsoLoginResult = z.union([LoginResult, z.object({ tfa_challenge: z.string() })]);
export type SsoLoginResult = z.infer<typeof SsoLoginResult>;

export const SsoTfaBody = z.object({
  tfa_challenge: z.string().min(1).max(1000),
  tfaCode: z.string().max(40).optional(),
});
export type SsoTfaBody = z.infer<typeof SsoTfaBody>;

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
  /** The admin roles the user holds now (empty for a user who is not an admin). */
  roles: z.array(AdminRole).optional(),
  /** The name the user goes by (from single sign-on or the board), for forms that ask for it; null when unknown. */
  displayName: z.string().nullable().optional(),
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
  /** Whether the user signs in with a second factor; with requireTfa and false, the shell sends them to enrolment. */
  tfaEnabled: z.boolean().optional(),
  /**
   * How often (ms) open screens reload this configuration and the till its products, accounts and reasons: SPEC's
   * minute, unless the system was started for the end-to-end tests with a shorter CLIENT_REFRESH_MS.
   */
  refreshMs: z.number().int().positive().optional(),
  /** 'ask': the till asks staff once per order with an 18+ product to confirm the buyer's age (absent: 'off'). */
  ageCheck: AgeCheck.optional(),
});
export type Config = z.infer<typeof Config>;

/** SPEC: products, accounts, reasons and the configuration refresh every 60 s. */
export const SPEC_REFRESH_MS = 60_000;

/** Claims of the bearer token every service verifies. */
export const TokenClaims = z.object({
  sub: z.string(),
  username: z.string(),
  isAdmin: z.boolean(),
  /** The admin roles (roles.ts); missing on an admin's token means every role (as before roles existed). */
  roles: z.array(AdminRole).optional(),
  capabilities: z.array(Capability),
  registerId: z.string().nullable(),
  /** This sign-in (session) id: logging out ends it at once in every service. */
  sid: z.string().max(64).optional(),
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

/** POST /api/user/tfa/setup: a new secret, pending until confirmed with a code; shown only now. */
export const TfaSetupResult = z.object({
  otpauthUrl: z.string(),
  /** PNG data URL of the otpauth URL as a QR code. */
  qrDataUrl: z.string(),
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
});
export type TfaSetupResult = z.infer<typeof TfaSetupResult>;

/** POST /api/user/tfa/enable and /disable: a current code from the app (disable also takes a recovery code). */
export const TfaCodeBody = z.object({ code: z.string().trim().min(1, 'Enter the code from your authenticator app.').max(32) });
export type TfaCodeBody = z.infer<typeof TfaCodeBody>;

/** Ten one-time recovery codes, shown once; only their hashes are kept. */
export const TfaEnableResult = z.object({ tfaEnabled: z.literal(true), recoveryCodes: z.array(z.string()) });
export type TfaEnableResult = z.infer<typeof TfaEnableResult>;

export const TfaDisableResult = z.object({ tfaEnabled: z.literal(false) });
export type TfaDisableResult = z.infer<typeof TfaDisableResult>;
