import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** How long a user who signed in with single sign-on has to type the two-factor code. */
export const SSO_TFA_CHALLENGE_MS = 5 * 60_000;

const key = (secret: string) => Buffer.from(hkdfSync('sha256', secret, 'kassa', 'sso-tfa-challenge', 32));
const sign = (secret: string, body: string) => createHmac('sha256', key(secret)).update(body).digest('base64url');

/**
 * What a single-sign-on user with two-factor sign-in carries from the provider's answer to the code step: who, and
 * until when, signed with a key of its own (never usable as an access token). The provider's code is spent by then.
 */
export function issueTfaChallenge(secret: string, userId: string, now: Date): string {
  const body = Buffer.from(JSON.stringify({ sub: userId, exp: now.getTime() + SSO_TFA_CHALLENGE_MS })).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

/** The user id of a challenge that is genuine and not expired, else null. */
export function openTfaChallenge(secret: string, challenge: string, now: Date): string | null {
  const [body, signature] = challenge.split('.');
  if (!body || !signature) return null;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const { sub, exp } = JSON.parse(Buffer.from(body, 'base64url').toString()) as { sub?: unknown; exp?: unknown };
    return typeof sub === 'string' && typeof exp === 'number' && exp > now.getTime() ? sub : null;
  } catch {
    return null;
  }
}
