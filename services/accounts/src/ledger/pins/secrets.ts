import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * PINs have only 10^4 values, so a slow hash adds nothing against someone holding the database, yet would cost the
 * till its latency budget. The protection is the server-side pepper (never in the database) plus the lock-out;
 * the per-account salt keeps equal PINs from giving equal hashes. See docs/decisions.md.
 */
export function hashPin(pepper: string, pin: string): { pinHash: string; pinSalt: string } {
  const pinSalt = randomBytes(16).toString('hex');
  return { pinHash: pinDigest(pepper, pinSalt, pin), pinSalt };
}

export function verifyPin(pepper: string, pin: string, pinHash: string, pinSalt: string): boolean {
  const given = Buffer.from(pinDigest(pepper, pinSalt, pin), 'hex');
  const stored = Buffer.from(pinHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

const pinDigest = (pepper: string, salt: string, pin: string) => createHmac('sha256', pepper).update(`pin:${salt}:${pin}`).digest('hex');

/** Card secrets are looked up by their hash, so no salt; the pepper keeps a stolen database from matching cards. */
export const hashCardSecret = (pepper: string, secret: string): string => createHmac('sha256', pepper).update(`card:${secret}`).digest('hex');
