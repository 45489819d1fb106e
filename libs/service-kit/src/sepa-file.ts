import anyAscii from 'any-ascii';

/**
 * What the SEPA files Kassa writes share (pain.008 direct debits in payments, pain.001 payouts in accounts): text in
 * the SEPA character set, amounts from cents without floating point, Dutch wall-clock times for the `sepa` library,
 * and the check of the totals it writes. A separate entry point (`@kassa/service-kit/sepa-file`).
 */

/**
 * Text in the SEPA (EPC) Latin character set: letters transliterated to ASCII (Zoë → Zoe, Ömer → Omer, ß → ss), '&'
 * as '+', any other character outside the set as a space; trimmed to `max` characters.
 */
export function sepaText(text: string, max = 70): string {
  const ascii = anyAscii(text.normalize('NFC')).replace(/&/g, '+');
  const clean = ascii.replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ').replace(/\s+/g, ' ').trim();
  return (clean || '-').slice(0, max).trim();
}

/** Integer cents as the file writes euros ("12.50"), without floating point. */
export const centsText = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

const AMSTERDAM = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The library prints a Date's local fields: a Date whose local fields are `at` in Dutch time, whatever TZ says. */
export function dutchWallClock(at: Date): Date {
  const parts = Object.fromEntries(AMSTERDAM.formatToParts(at).map((p) => [p.type, Number(p.value)]));
  return new Date(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** A calendar day (`YYYY-MM-DD`) as a Date whose local fields are that day, as the library prints dates. */
export const calendarDate = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};

/** Every NbOfTxs and CtrlSum in the file must be the count and the sum in cents; throws otherwise. */
export function checkTotals(xml: string, count: number, cents: number): void {
  const sum = centsText(cents);
  const nbOfTxs = [...xml.matchAll(/<NbOfTxs>([^<]*)<\/NbOfTxs>/g)].map((m) => m[1]);
  const ctrlSum = [...xml.matchAll(/<CtrlSum>([^<]*)<\/CtrlSum>/g)].map((m) => m[1]);
  if (nbOfTxs.length === 0 || nbOfTxs.some((n) => n !== String(count)) || ctrlSum.length === 0 || ctrlSum.some((c) => c !== sum)) {
    throw new Error(`file totals do not match: NbOfTxs ${nbOfTxs.join('/')} and CtrlSum ${ctrlSum.join('/')}, expected ${count} and ${sum}`);
  }
}
