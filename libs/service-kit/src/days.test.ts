import { describe, expect, it } from 'vitest';
import { localDay } from './days';

describe('localDay', () => {
  it('counts a sale after midnight in Amsterdam for the new day, in winter and in summer time', () => {
    expect(localDay(new Date('2026-03-14T22:59:00Z'), 'Europe/Amsterdam')).toBe('2026-03-14');
    expect(localDay(new Date('2026-03-14T23:01:00Z'), 'Europe/Amsterdam')).toBe('2026-03-15');
    expect(localDay(new Date('2026-07-01T21:59:00Z'), 'Europe/Amsterdam')).toBe('2026-07-01');
    expect(localDay(new Date('2026-07-01T22:01:00Z'), 'Europe/Amsterdam')).toBe('2026-07-02');
  });
});
