import type { Config } from '@kassa/contracts';
import { describe, expect, it } from 'vitest';
import { isPublicPath, redirectFor, safeLocalPath } from './route-rules';

function config(
  over: { accountId?: string | null; capabilities?: Config['register']['capabilities']; showAccountRequest?: boolean; requireTfa?: boolean; tfaEnabled?: boolean } = {},
): Config {
  return {
    aprilFoolsEnabled: false,
    posWrappedAvailable: false,
    requireTfa: over.requireTfa ?? false,
    ...(over.tfaEnabled === undefined ? {} : { tfaEnabled: over.tfaEnabled }),
    requireSettingAccountPin: false,
    accountUpgradeMinAmount: 500,
    user: { id: 'u1', username: 'jan', accountId: over.accountId === undefined ? 'a1' : over.accountId, viaductUserId: null, isAdmin: false },
    register: { id: null, name: 'Bar', capabilities: over.capabilities ?? ['PAYMENT_CASH'] },
    acceptedCurrentCondition: true,
    showAccountRequest: over.showAccountRequest ?? false,
  };
}

const at = (path: string, authenticated: boolean, cfg: Config | null = null) => {
  const [pathname = '', query] = path.split('?');
  return redirectFor({ pathname, search: query ? `?${query}` : '', authenticated, config: cfg });
};

describe('route rules (SPEC 2 "Routes")', () => {
  it('sends / to /pos', () => {
    expect(at('/', true, config())).toBe('/pos');
    expect(at('/', false)).toBe('/pos');
  });

  it('sends unauthenticated users to /login with the original path and query as next', () => {
    expect(at('/admin/accounts?page=2&search=jan', false)).toBe('/login?next=%2Fadmin%2Faccounts%3Fpage%3D2%26search%3Djan');
    expect(at('/pos', false)).toBe('/login?next=%2Fpos');
    expect(at('/account', false)).toBe('/login?next=%2Faccount');
  });

  it('sends a user who pressed logout to plain /login', () => {
    expect(redirectFor({ pathname: '/admin/users', search: '', authenticated: false, config: null, loggedOutByUser: true })).toBe('/login');
  });

  it('lets anyone see /login, /slides and /about', () => {
    for (const path of ['/login', '/login/callback', '/slides', '/slides/bar', '/slides/transactions', '/about']) {
      expect(at(path, false)).toBeNull();
    }
    expect(isPublicPath('/slideshow')).toBe(false);
    expect(at('/slideshow', false)).toBe('/login?next=%2Fslideshow');
  });

  it('drops the query string under /pos', () => {
    expect(at('/pos?code=123', true, config())).toBe('/pos');
    expect(at('/pos', true, config())).toBeNull();
  });

  it('sends /admin to /admin/transactions', () => {
    expect(at('/admin', true, config())).toBe('/admin/transactions');
    expect(at('/admin/', true, config())).toBe('/admin/transactions');
    expect(at('/admin/products', true, config())).toBeNull();
  });

  it('sends a user without account but with PAYMENT_ACCOUNT_SELF to /setup, except on the about page', () => {
    const newcomer = config({ accountId: null, capabilities: ['PAYMENT_ACCOUNT_SELF'], showAccountRequest: true });
    expect(at('/pos', true, newcomer)).toBe('/setup');
    expect(at('/admin/products', true, newcomer)).toBe('/setup');
    expect(at('/setup', true, newcomer)).toBeNull();
    expect(at('/about', true, newcomer)).toBeNull();
  });

  it('lets a new administrator without an own account open the admin pages (the account request stays offered elsewhere)', () => {
    const newAdmin = config({ accountId: null, capabilities: ['PAYMENT_ACCOUNT_SELF'], showAccountRequest: true });
    newAdmin.user.isAdmin = true;
    expect(at('/admin/transactions', true, newAdmin)).toBeNull();
    expect(at('/admin/users/u2', true, newAdmin)).toBeNull();
    expect(at('/pos', true, newAdmin)).toBe('/setup');
  });

  it('keeps users with an account, or without PAYMENT_ACCOUNT_SELF, where they are', () => {
    expect(at('/pos', true, config({ capabilities: ['PAYMENT_ACCOUNT_SELF'] }))).toBeNull();
    expect(at('/pos', true, config({ accountId: null, capabilities: ['PAYMENT_CASH'] }))).toBeNull();
  });

  it('shows /account only to users with an account', () => {
    expect(at('/account', true, config())).toBeNull();
    expect(at('/account', true, config({ accountId: null, showAccountRequest: true }))).toBe('/setup');
    expect(at('/account', true, config({ accountId: null, showAccountRequest: false }))).toBe('/pos');
  });

  it('sends a user without two-factor sign-in to enrolment when the association requires it, remembering where they went', () => {
    const notEnrolled = config({ requireTfa: true, tfaEnabled: false });
    expect(at('/pos', true, notEnrolled)).toBe('/setup/tfa?next=%2Fpos');
    expect(at('/admin/users?page=2', true, notEnrolled)).toBe('/setup/tfa?next=%2Fadmin%2Fusers%3Fpage%3D2');
    expect(at('/setup', true, notEnrolled)).toBe('/setup/tfa?next=%2Fsetup');
    expect(at('/setup/tfa?next=%2Fpos', true, notEnrolled)).toBeNull();
  });

  it('lets a user who must enrol still read /about and reach the login page', () => {
    const notEnrolled = config({ requireTfa: true, tfaEnabled: false });
    expect(at('/about', true, notEnrolled)).toBeNull();
    expect(at('/login', true, notEnrolled)).toBeNull();
  });

  it('enrols before the account request, which follows once two-factor sign-in is on', () => {
    const newcomer = { accountId: null, capabilities: ['PAYMENT_ACCOUNT_SELF' as const], showAccountRequest: true, requireTfa: true };
    expect(at('/pos', true, config({ ...newcomer, tfaEnabled: false }))).toBe('/setup/tfa?next=%2Fpos');
    expect(at('/setup/tfa', true, config({ ...newcomer, tfaEnabled: false }))).toBeNull();
    expect(at('/pos', true, config({ ...newcomer, tfaEnabled: true }))).toBe('/setup');
  });

  it('leaves enrolled users, and everyone when it is not required, where they are', () => {
    expect(at('/pos', true, config({ requireTfa: true, tfaEnabled: true }))).toBeNull();
    expect(at('/pos', true, config({ requireTfa: false, tfaEnabled: false }))).toBeNull();
    // A server that does not say (tfaEnabled absent) is not taken as "not enrolled".
    expect(at('/pos', true, config({ requireTfa: true }))).toBeNull();
  });

  it('waits for the configuration before applying user rules', () => {
    expect(at('/account', true, null)).toBeNull();
  });
});

describe('safeLocalPath', () => {
  it('follows only paths on this site', () => {
    expect(safeLocalPath('/admin/users?page=2')).toBe('/admin/users?page=2');
    expect(safeLocalPath('https://evil.example/')).toBeNull();
    expect(safeLocalPath('//evil.example/')).toBeNull();
    expect(safeLocalPath('/\\evil.example')).toBeNull();
    expect(safeLocalPath('')).toBeNull();
    expect(safeLocalPath(null)).toBeNull();
  });
});
