/** SPEC 3: the access token lives in local storage under this key. */
export const ACCESS_TOKEN_KEY = 'access_token';

// Private browsing and locked-down kiosks can throw on storage access; the till must keep working without it.
export function readAccessToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(ACCESS_TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

export function writeAccessToken(token: string): void {
  try {
    globalThis.localStorage?.setItem(ACCESS_TOKEN_KEY, token);
  } catch {
    /* the session then lasts as long as the page */
  }
}

export function removeAccessToken(): void {
  try {
    globalThis.localStorage?.removeItem(ACCESS_TOKEN_KEY);
  } catch {
    /* nothing stored, nothing to remove */
  }
}
