import { json, stubFetch, type ApiCall } from '@kassa/api-client/testing';
import type { Config } from '@kassa/contracts';

/** Answers in the SPEC 7 wrapper, for the stubbed fetch of the admin page tests. */
export const ok = (result: unknown, errorCode = 200) => ({ error: false, errorCode, errorIdentifier: null, errorMessage: null, result });
export { json, type ApiCall };

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

/** Stubs fetch for an admin page test: `answer` gives each request's response; the calls are recorded in order. */
export const stubAdminApi = (answer: (call: ApiCall) => Response): ApiCall[] => stubFetch(answer);

/** A 422 in the SPEC 7 wrapper with its detail entries, as the services answer a body they refuse. */
export const refused = (...detail: { loc: (string | number)[]; msg: string; type: string }[]) =>
  json(422, { error: true, errorCode: 422, errorIdentifier: 'validation_error', errorMessage: 'Validation error', result: null, detail });
