/**
 * Direct debits are collected on the first TARGET2 business day of the next month: not a weekend, New Year's Day,
 * Good Friday, Easter Monday, 1 May, or 25/26 December. "Next month" is the month after today in the Netherlands.
 */
export function nextDirectDebitDate(now: Date): string {
  const [year, month] = amsterdamYearMonth(now);
  const next = month === 12 ? { y: year + 1, m: 1 } : { y: year, m: month + 1 };
  const day = new Date(Date.UTC(next.y, next.m - 1, 1));
  while (!isBusinessDay(day)) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

function amsterdamYearMonth(now: Date): [number, number] {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit' }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return [get('year'), get('month')];
}

export function isBusinessDay(day: Date): boolean {
  const dow = day.getUTCDay();
  if (dow === 0 || dow === 6) return false;
  const m = day.getUTCMonth() + 1;
  const d = day.getUTCDate();
  if ((m === 1 && d === 1) || (m === 5 && d === 1) || (m === 12 && (d === 25 || d === 26))) return false;
  const easter = easterSunday(day.getUTCFullYear());
  const offset = Math.round((day.getTime() - easter.getTime()) / 86_400_000);
  return offset !== -2 && offset !== 1;
}

/** Gregorian Easter Sunday (anonymous Gregorian algorithm), at 00:00 UTC. */
export function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

/** "YYYY-MM-DD" as a UTC midnight Date, the form isBusinessDay takes. */
const dayDate = (day: string) => new Date(`${day}T00:00:00Z`);

export const isBusinessDayString = (day: string): boolean => isBusinessDay(dayDate(day));

/** The first TARGET2 business day after `day` ("YYYY-MM-DD"). */
export function nextBusinessDay(day: string): string {
  const d = dayDate(day);
  do d.setUTCDate(d.getUTCDate() + 1);
  while (!isBusinessDay(d));
  return d.toISOString().slice(0, 10);
}
