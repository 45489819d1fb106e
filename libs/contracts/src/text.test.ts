import { describe, expect, it } from 'vitest';
import { CalendarDay, cleanName, CONTROL_CHARACTER, DisplayName, formatEuros } from './text';

describe('cleanName', () => {
  it('removes bidi overrides and zero-width characters, so a name reads and searches as it looks', () => {
    expect(cleanName('Probe \u202Eevil.exe\u202C')).toBe('Probe evil.exe');
    expect(cleanName('Co\u200Bla\uFEFF')).toBe('Cola');
  });
  it('removes the other characters that show nothing: tag characters, invisible plus, soft hyphen, fillers, joiners', () => {
    expect(cleanName('Co\u{E0041}\u{E007F}la')).toBe('Cola');
    expect(cleanName('Pi\u00ADls\u2064 \u180E Bier\u034F')).toBe('Pils Bier');
    expect(DisplayName().safeParse('\u3164').success).toBe(false);
    expect(DisplayName().safeParse('\u115F\u1160\uFFA0').success).toBe(false);
  });
  it('stores the composed form and collapses spaces', () => {
    expect(cleanName('  Zoe\u0308   de  Vries ')).toBe('Zoë de Vries');
  });
});

describe('CONTROL_CHARACTER', () => {
  it('finds NUL, the other C0 controls, DEL and C1, and lets tab, line feed and carriage return through', () => {
    for (const c of ['\u0000', '\u0001', '\u000B', '\u000C', '\u001B', '\u001F', '\u007F', '\u0085', '\u009F']) {
      expect(CONTROL_CHARACTER.test(`a${c}b`), c.codePointAt(0)!.toString(16)).toBe(true);
    }
    expect(CONTROL_CHARACTER.test('line one\r\n\tline two é €')).toBe(false);
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

describe('formatEuros', () => {
  it('writes cents as the pages do, and a negated nought as € 0,00', () => {
    expect(formatEuros(1250).replace(/\s/g, ' ')).toBe('€ 12,50');
    expect(formatEuros(-350).replace(/\s/g, ' ')).toBe('€ -3,50');
    expect(formatEuros(-0).replace(/\s/g, ' ')).toBe('€ 0,00');
  });
});
