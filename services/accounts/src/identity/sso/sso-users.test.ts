import { describe, expect, it } from 'vitest';
import { ssoDisplayName, usernameBase } from './sso-users';

describe('usernameBase', () => {
  it.each([
    ['Jan de Vries', '1', 'jan.de.vries'],
    ['  Émile   Prins ', '2', 'emile.prins'],
    ['jdevries', '3', 'jdevries'],
    ['!!!', 'AB-12', 'viaduct-ab12'],
  ])('turns "%s" into a plain username', (name, id, expected) => {
    expect(usernameBase(name, id)).toBe(expected);
  });
});

describe('ssoDisplayName', () => {
  it('stores the provider\'s name cleaned like every name: NFC, no bidi controls or zero-width characters', () => {
    expect(ssoDisplayName('Probe \u202Eevil.exe\u202C')).toBe('Probe evil.exe');
    expect(ssoDisplayName('Zo\u0065\u0308 \u200Bde Vries')).toBe('Zo\u00eb de Vries');
    expect(ssoDisplayName(' \u200B ')).toBeNull();
    expect(ssoDisplayName('a'.repeat(150))).toHaveLength(100);
  });
});
