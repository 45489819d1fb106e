import { describe, expect, it } from 'vitest';
import { buildQueryString } from './query-string';

describe('buildQueryString', () => {
  it('skips null, undefined and empty values but keeps 0 and false', () => {
    expect(buildQueryString({ a: null, b: undefined, c: '', d: 0, e: false, f: 'x' })).toBe('?d=0&e=false&f=x');
  });

  it('gives an empty string when nothing is left', () => {
    expect(buildQueryString({ a: null, b: '' })).toBe('');
    expect(buildQueryString(undefined)).toBe('');
  });

  it('repeats the key for arrays and encodes values', () => {
    expect(buildQueryString({ status: ['pending', '', 'completed'], q: 'Jan & Piet' })).toBe(
      '?status=pending&status=completed&q=Jan+%26+Piet',
    );
  });
});
