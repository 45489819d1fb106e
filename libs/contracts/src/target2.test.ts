import { describe, expect, it } from 'vitest';
import { easterSunday, nextDirectDebitDate } from './target2';

describe('nextDirectDebitDate', () => {
  it('is the first of next month when that is a weekday', () => {
    // 1 July 2026 is a Wednesday.
    expect(nextDirectDebitDate(new Date('2026-06-15T12:00:00Z'))).toBe('2026-07-01');
  });

  it('skips a weekend at the start of the month', () => {
    // 1 August 2026 is a Saturday.
    expect(nextDirectDebitDate(new Date('2026-07-20T12:00:00Z'))).toBe('2026-08-03');
  });

  it("skips New Year's Day into the next year", () => {
    // 1 January 2027 is a Friday (a bank holiday), so Monday 4 January.
    expect(nextDirectDebitDate(new Date('2026-12-10T12:00:00Z'))).toBe('2027-01-04');
  });

  it('skips 1 May', () => {
    // 1 May 2028 is a Monday.
    expect(nextDirectDebitDate(new Date('2028-04-10T12:00:00Z'))).toBe('2028-05-02');
  });

  it('skips Easter Monday on the first of April', () => {
    // Easter 2024 was 31 March, so Monday 1 April was a bank holiday.
    expect(nextDirectDebitDate(new Date('2024-03-05T12:00:00Z'))).toBe('2024-04-02');
  });

  it('counts the month in Dutch time, not UTC', () => {
    // 31 May 2026 23:30 UTC is already 1 June in Amsterdam, so the next debit is in July.
    expect(nextDirectDebitDate(new Date('2026-05-31T23:30:00Z'))).toBe('2026-07-01');
  });
});

describe('easterSunday', () => {
  it.each([
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2038, '2038-04-25'],
  ])('finds Easter %i on %s', (year, date) => {
    expect(easterSunday(year).toISOString().slice(0, 10)).toBe(date);
  });
});
