import { describe, expect, it } from 'vitest';
import { publicName } from './live-feed';

describe('publicName', () => {
  it('shows only the first name of an account on the public screen', () => {
    expect(publicName('Jan de Vries')).toBe('Jan');
    expect(publicName('  Émile   Prins ')).toBe('Émile');
    expect(publicName('')).toBeNull();
    expect(publicName(null)).toBeNull();
  });
});
