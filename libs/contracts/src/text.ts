import { z } from 'zod';

/**
 * Characters that change how text is drawn or matched without being seen: bidi embeddings, overrides and isolates
 * (U+202A-U+202E, U+2066-U+2069), the direction marks (U+200E, U+200F, U+061C) and zero-width characters (U+200B-U+200D,
 * U+2060, U+FEFF). "Probe \u202Eevil.exe\u202C" would show reversed on the till and could not be searched. Also the
 * other characters that show nothing and so make two names look alike or a name look empty: the tag characters
 * (U+E0000-U+E007F), the invisible plus (U+2064), the soft hyphen (U+00AD), the Mongolian vowel separator (U+180E), the
 * Hangul fillers (U+3164, U+115F, U+1160, U+FFA0) and the combining grapheme joiner (U+034F).
 */
const INVISIBLE = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B-\u200D\u2060\uFEFF\u{E0000}-\u{E007F}\u2064\u00AD\u180E\u3164\u115F\u1160\uFFA0]|\u034F/gu;

/**
 * Control characters no request may carry in a string: C0 (U+0000-U+001F) except tab, line feed and carriage return
 * (a note or an address may hold lines; a name collapses them to a space), DEL and C1 (U+007F-U+009F). PostgreSQL under
 * FerretDB cannot store a NUL at all. Every service refuses them in body, query and path with a 422 (service-kit). [ferretdb:no-nul]
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** A name as it is stored: NFC, without invisible direction or zero-width characters, spaces collapsed and trimmed. */
export function cleanName(value: string): string {
  return value.normalize('NFC').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
}

/** A display name (product, category, account, register, user's full name): cleaned, then 1 to `max` characters. */
export const DisplayName = (max = 100) =>
  z
    .string()
    .transform(cleanName)
    .pipe(z.string().min(1, 'Please enter a name.').max(max, `A name has at most ${max} characters.`));

function isCalendarDay(value: string): boolean {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A calendar day `YYYY-MM-DD` that exists (2026-13-45 and 2026-02-30 are refused with a line, not an empty list). */
export const CalendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2024-03-31.')
  .refine(isCalendarDay, 'That date does not exist.');

const euros = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });

/** Cents as the pages show them (€ 10,00; € -3,50), for messages a service writes; nought is € 0,00, never € -0,00. */
export const formatEuros = (cents: number): string => euros.format(cents / 100 + 0);
