import { describe, expect, it } from 'vitest';
import { usernameBase } from './sso-users';

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
