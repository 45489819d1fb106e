const euros = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });
const longDate = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric' });
const longDateTime = new Intl.DateTimeFormat('nl-NL', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** Cents to nl-NL euros with two decimals: 250 → "€ 2,50". */
export const formatMoney = (cents: number): string => euros.format(cents / 100);

export type DateInput = Date | string | number;

const toDate = (value: DateInput): Date => (value instanceof Date ? value : new Date(value));

/** nl-NL with the long month: "22 november 2026" (with `time`: "22 november 2026 om 21:05"). */
export function formatDate(value: DateInput, opts: { time?: boolean } = {}): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return (opts.time ? longDateTime : longDate).format(date);
}

/** Black or white, whichever reads better on a category colour. */
export function textColourOn(hex: string): '#000000' | '#ffffff' {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return '#000000';
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16) / 255) as [number, number, number];
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const luminance = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  return luminance > 0.4 ? '#000000' : '#ffffff';
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
