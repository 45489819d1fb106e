import { describe, expect, it } from 'vitest';
import { CalendarDay, cleanName, DisplayName } from './text';

describe('cleanName', () => {
  it('removes bidi overrides and zero-width characters, so a name reads and searches as it looks', () => {
    expect(cleanName('Probe \u202Eevil.exe\u202C')).toBe('Probe evil.exe');
    expect(cleanName('Co\u200Bla\uFEFF')).toBe('Cola');
  });
  it('stores the composed form and collapses spaces', () => {
    expect(cleanName('  Zoe\u0308   de  Vries ')).toBe('Zoë de Vries');
  });
});

describe('DisplayName', () => {
  it('refuses a name that is empty once cleaned', () => {
    expect(DisplayName().safeParse('\u202E\u202C ').success).toBe(false);
    expect(DisplayName(5).safeParse('Radler').success).toBe(false);
    expect(DisplayName().parse(' Pils ')).toBe('Pils');
  });
});

describe('CalendarDay', () => {
  it('accepts real days only', () => {
    expect(CalendarDay.safeParse('2026-02-28').success).toBe(true);
    expect(CalendarDay.safeParse('2024-02-29').success).toBe(true);
    expect(CalendarDay.safeParse('2026-02-29').success).toBe(false);
    expect(CalendarDay.safeParse('2026-13-45').success).toBe(false);
    expect(CalendarDay.safeParse('26-1-1').success).toBe(false);
  });
});
