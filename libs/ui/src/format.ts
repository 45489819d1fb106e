/**
 * Cents to nl-NL euros with two decimals, as Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }) writes
 * them: 250 → "€ 2,50", -123456 → "€ -1.234,56" (a no-break space after the sign). Written out rather than through Intl
 * because the first Intl formatter a page makes loads ICU's locale data on the main thread: 127-213 ms at the bench's
 * 4x CPU slowdown, on the till's path to its first screen (its tiles show prices). format.test.ts holds it to Intl.
 */
export function formatMoney(cents: number): string {
  const abs = Math.abs(Math.round(cents));
  const euros = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, '.');
  return `€\u00a0${cents < 0 ? '-' : ''}${euros},${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The association's time zone: every date and day boundary Kassa shows follows it, not the browser's (a treasurer
 * abroad, or a laptop set to UTC, must see the same day as the bar and the server's day counts).
 */
export const TIME_ZONE = 'Europe/Amsterdam';

// Dates are not on any first screen: their formatters are made when a date is first shown.
let longDate: Intl.DateTimeFormat | undefined;
let longDateTime: Intl.DateTimeFormat | undefined;
let isoDay: Intl.DateTimeFormat | undefined;

export type DateInput = Date | string | number;

const toDate = (value: DateInput): Date => (value instanceof Date ? value : new Date(value));

/** nl-NL with the long month in Dutch time: "22 november 2026" (with `time`: "22 november 2026 om 21:05"). */
export function formatDate(value: DateInput, opts: { time?: boolean } = {}): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  if (opts.time) {
    longDateTime ??= new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: TIME_ZONE });
    return longDateTime.format(date);
  }
  longDate ??= new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: TIME_ZONE });
  return longDate.format(date);
}

/** A calendar day ("2026-12-03") as "3 december 2026", the same in every browser time zone. */
export const formatDay = (day: string): string => formatDate(`${day}T12:00:00Z`);

/** The Dutch calendar day ("YYYY-MM-DD") of a moment, by default now: the day the server counts it on. */
export function dutchDay(at: DateInput = new Date()): string {
  isoDay ??= new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  return isoDay.format(toDate(at));
}

/** A calendar day moved by whole days ("2026-03-01", -1 → "2026-02-28"). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** WCAG 2 relative luminance of a colour (#rgb or #rrggbb), 0 (black) to 1 (white). */
export function luminanceOf(hex: string): number | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16) / 255) as [number, number, number];
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2 contrast ratio of two luminances (1 to 21). */
export const contrastRatio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/**
 * Black or white text on a category colour, whichever has the higher contrast (WCAG 2): white only on colours darker
 * than luminance 0.179, where the two are equal. (A fixed 0.4 put white on orange at 2.9:1.)
 */
export function textColourOn(hex: string): '#000000' | '#ffffff' {
  const luminance = luminanceOf(hex);
  if (luminance === null) return '#000000';
  return contrastRatio(luminance, 0) >= contrastRatio(luminance, 1) ? '#000000' : '#ffffff';
}

/** The palette offered for new categories (the same colours as --k-cat-1 … --k-cat-10). */
export const CATEGORY_COLOURS = [
  '#16a085',
  '#27ae60',
  '#2980b9',
  '#8e44ad',
  '#d35400',
  '#c0392b',
  '#7f8c8d',
  '#f39c12',
  '#2c3e50',
  '#e84393',
] as const;
