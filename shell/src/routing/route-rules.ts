import { hasAllCapabilities } from '@kassa/api-client';
import type { Config } from '@kassa/contracts';

/** True when `pathname` is `prefix` itself or below it (/slides, /slides/bar; not /slideshow). */
export const isUnder = (pathname: string, prefix: string): boolean =>
  pathname === prefix || pathname.startsWith(`${prefix}/`);

/** SPEC 2: these need no sign-in. */
export const isPublicPath = (pathname: string): boolean =>
  isUnder(pathname, '/login') || isUnder(pathname, '/slides') || isUnder(pathname, '/about');

/** The shell's own two-factor enrolment screen; the rest of /setup is the account request (mfe-account). */
export const TFA_SETUP_PATH = '/setup/tfa';

/** The association requires two-factor sign-in and this user has not set it up yet. */
export const mustEnrolTfa = (config: Config): boolean => config.requireTfa && config.tfaEnabled === false;

export interface RouteState {
  pathname: string;
  /** The query string including its '?', or ''. */
  search: string;
  authenticated: boolean;
  /** Null until GET /api/config/ has answered. */
  config: Config | null;
  /** Logged out with the logout button: go to plain /login (SPEC 2 "Sidebar"). */
  loggedOutByUser?: boolean;
}

/** Where the app must go instead of `state`, or null to stay (SPEC 2 "Routes"). */
export function redirectFor({ pathname, search, authenticated, config, loggedOutByUser = false }: RouteState): string | null {
  if (pathname === '/' || pathname === '') return '/pos';
  const isPublic = isPublicPath(pathname);
  if (!authenticated && !isPublic) return loggedOutByUser ? '/login' : `/login?next=${encodeURIComponent(pathname + search)}`;
  if (isUnder(pathname, '/pos') && search !== '') return '/pos';
  if (pathname === '/admin' || pathname === '/admin/') return '/admin/transactions';
  if (authenticated && config && !isPublic) {
    // Before anything else, also the account request: it is the association's rule for signing in at all.
    if (mustEnrolTfa(config) && !isUnder(pathname, TFA_SETUP_PATH)) {
      return `${TFA_SETUP_PATH}?next=${encodeURIComponent(pathname + search)}`;
    }
    const hasAccount = config.user.accountId !== null;
    // An administrator's work is /admin: a new admin without an own account opens it at once (issue 50 §5); the
    // account request is offered everywhere else, as to anyone.
    const adminAtWork = config.user.isAdmin && isUnder(pathname, '/admin');
    if (!hasAccount && !adminAtWork && !isUnder(pathname, '/setup') && hasAllCapabilities(config.register.capabilities, ['PAYMENT_ACCOUNT_SELF'])) {
      return '/setup';
    }
    // /account is only for users with an account; the others are offered the account request instead.
    if (!hasAccount && isUnder(pathname, '/account')) return config.showAccountRequest ? '/setup' : '/pos';
  }
  return null;
}

/** A `next`/`state` value is followed only when it is a path on this site, never to another origin. */
export function safeLocalPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
