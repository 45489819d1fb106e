import { describe, expect, it } from 'vitest';
import { hashCardSecret, hashPin, verifyPin } from './secrets';

const PEPPER = 'test-pepper-0123456789';

describe('PIN and card-secret hashing', () => {
  it('accepts the right PIN and refuses any other', () => {
    const { pinHash, pinSalt } = hashPin(PEPPER, '1234');
    expect(verifyPin(PEPPER, '1234', pinHash, pinSalt)).toBe(true);
    expect(verifyPin(PEPPER, '1235', pinHash, pinSalt)).toBe(false);
    expect(verifyPin(PEPPER, '', pinHash, pinSalt)).toBe(false);
  });

  it('gives two accounts with the same PIN different hashes', () => {
    expect(hashPin(PEPPER, '1234').pinHash).not.toBe(hashPin(PEPPER, '1234').pinHash);
  });

  it('depends on the server pepper, so a copied database alone cannot check PINs', () => {
    const { pinHash, pinSalt } = hashPin(PEPPER, '1234');
    expect(verifyPin('another-pepper-987654', '1234', pinHash, pinSalt)).toBe(false);
  });

  it('hashes a card secret the same way every time (it is looked up by hash), never to the secret itself', () => {
    const hash = hashCardSecret(PEPPER, '$card-1');
    expect(hashCardSecret(PEPPER, '$card-1')).toBe(hash);
    expect(hashCardSecret(PEPPER, '$card-2')).not.toBe(hash);
    expect(hash).not.toContain('card-1');
  });
});
