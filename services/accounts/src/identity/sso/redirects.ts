import type { AccountsEnv } from '../../config';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Sign-in only returns to Kassa's own origin (PUBLIC_URL), origins listed in SSO_REDIRECT_ORIGINS and, outside
 * production, loopback addresses: otherwise anyone could have codes sent to a site of their own.
 */
export function isAllowedRedirect(env: AccountsEnv, uri: string): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  const allowed = [env.PUBLIC_URL, ...env.SSO_REDIRECT_ORIGINS.split(',')]
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      try {
        return new URL(s).origin;
      } catch {
        return null;
      }
    });
  if (allowed.includes(url.origin)) return true;
  return env.NODE_ENV !== 'production' && LOOPBACK.has(url.hostname);
}

export const defaultRedirectUri = (env: AccountsEnv) => new URL('/login/callback', env.PUBLIC_URL).toString();
