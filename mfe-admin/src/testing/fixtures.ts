import type { Config } from '@kassa/contracts';

/** Answers in the SPEC 7 wrapper, for the stubbed fetch of the admin page tests. */
export const ok = (result: unknown, errorCode = 200) => ({ error: false, errorCode, errorIdentifier: null, errorMessage: null, result });
export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The config the shell hands an admin. */
export const adminConfig: Config = {
  aprilFoolsEnabled: false,
  posWrappedAvailable: false,
  requireTfa: false,
  requireSettingAccountPin: false,
  accountUpgradeMinAmount: 500,
  user: { id: '64b7f0c2a1b2c3d4e5f60701', username: 'admin', accountId: null, viaductUserId: null, isAdmin: true },
  register: { id: null, name: 'Admin', capabilities: [] },
  acceptedCurrentCondition: true,
  showAccountRequest: false,
};
