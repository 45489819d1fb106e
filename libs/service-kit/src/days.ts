const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) of a moment in the bar's time zone; a sale at 01:30 on Saturday counts for Saturday. */
export function localDay(at: Date, timeZone: string): string {
  let fmt = formatters.get(timeZone);
  if (!fmt) {
    // en-CA formats dates as YYYY-MM-DD.
    fmt = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, fmt);
  }
  return fmt.format(at);
}

const hourFormatters = new Map<string, Intl.DateTimeFormat>();

/** Hour of the day (0-23) in the time zone at a UTC moment. */
function localHour(ms: number, timeZone: string): number {
  let fmt = hourFormatters.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' });
    hourFormatters.set(timeZone, fmt);
  }
  return Number(fmt.format(new Date(ms)));
}

/** The hour of the day (0-23) of a moment in the bar's time zone: a sale at 23:30 UTC in winter is at 0 in Amsterdam. */
export const hourOfDay = (at: Date, timeZone: string): number => localHour(at.getTime(), timeZone);

/** Midnight of a local calendar day as a UTC moment (the offset read at that day's noon). */
function localMidnight(day: string, timeZone: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const noon = Date.UTC(y, m - 1, d, 12);
  return Date.UTC(y, m - 1, d) - (localHour(noon, timeZone) - 12) * 3_600_000;
}

/** The UTC range [start, end) of a local calendar day (23 or 25 hours on the days the clocks change). */
export function dayRange(day: string, timeZone = 'Europe/Amsterdam'): { start: Date; end: Date } {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return { start: new Date(localMidnight(day, timeZone)), end: new Date(localMidnight(next, timeZone)) };
}

/** The calendar day `n` days after `day` (YYYY-MM-DD; negative n goes back). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}
