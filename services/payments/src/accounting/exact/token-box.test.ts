import { describe, expect, it } from 'vitest';
import { TokenBox } from './token-box';

const KEY = 'a-test-key-of-at-least-thirty-two-characters';

describe('tokens sealed at rest (AES-256-GCM)', () => {
  it('opens what it sealed, and the sealed text holds nothing of the token', () => {
    const box = new TokenBox(KEY);
    const sealed = box.seal('standin_access_secret-value');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('secret-value');
    expect(box.open(sealed)).toBe('standin_access_secret-value');
  });

  it('seals the same token differently each time (its own IV)', () => {
    const box = new TokenBox(KEY);
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a changed value and another key instead of answering garbage', () => {
    const sealed = new TokenBox(KEY).seal('refresh-token');
    const [v, iv, tag, data] = sealed.split('.');
    const bytes = Buffer.from(data!, 'base64url');
    bytes[0] = bytes[0]! ^ 0x01;
    const flipped = `${v}.${iv}.${tag}.${bytes.toString('base64url')}`;
    expect(() => new TokenBox(KEY).open(flipped)).toThrow();
    expect(() => new TokenBox(`${KEY}-other`).open(sealed)).toThrow();
    expect(() => new TokenBox(KEY).open('plain-token')).toThrow();
  });
});
