import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verifySync } from 'otplib';

export const TFA_ISSUER = 'Kassa';
const PERIOD_S = 30;
/** One time step either side: a phone clock a little off, or a code typed as it changed. */
const TOLERANCE_S = PERIOD_S;
export const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: recovery codes are read from paper. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/**
 * The key that seals TOTP secrets at rest, derived from the server-side PIN_PEPPER (never in the database): a copy of
 * the database alone gives no second factor. HKDF keeps it apart from the PIN hashes made with the same pepper.
 */
export const tfaSealKey = (pepper: string): Buffer => Buffer.from(hkdfSync('sha256', pepper, 'kassa', 'tfa-secret-seal', 32));

export function sealSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join(':');
}

export function openSecret(key: Buffer, stored: string): string {
  const [version, iv, tag, sealed] = stored.split(':');
  if (version !== 'v1' || !iv || !tag || !sealed) throw new Error('unknown sealed TOTP secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
}

export const newTotpSecret = (): string => generateSecret();

export const otpauthUrl = (username: string, secret: string): string => generateURI({ issuer: TFA_ISSUER, label: username, secret });

/** True for what looks like an app code (six digits, spaces allowed) rather than a recovery code. */
export const looksLikeTotp = (code: string): boolean => /^\d{6}$/.test(code.replace(/\s/g, ''));

/** The time step the code belongs to (for replay protection), or null when it is not a current code. */
export function verifyTotp(secret: string, code: string, now: Date): number | null {
  try {
    const result = verifySync({ secret, token: code.replace(/\s/g, ''), epoch: Math.floor(now.getTime() / 1000), epochTolerance: TOLERANCE_S });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // otplib throws on a malformed token (wrong length, letters): that is simply a wrong code.
    return null;
  }
}

/** Ten codes like `k7qm3-x9dfa`, shown once. */
export function newRecoveryCodes(): string[] {
  const code = () => Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const c = code();
    return `${c.slice(0, 5)}-${c.slice(5)}`;
  });
}

/** Recovery codes carry about 49 bits each, so a keyed hash is enough; typing with or without the dash or in capitals counts. */
export function hashRecoveryCode(pepper: string, userId: string, code: string): string {
  const normalised = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return createHmac('sha256', pepper).update(`tfa-recovery:${userId}:${normalised}`).digest('hex');
}
