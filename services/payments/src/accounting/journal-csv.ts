import type { JournalEntry } from '@kassa/contracts';
import { stringify } from 'csv-stringify/sync';

const HEADER = ['date', 'reference', 'ledger', 'code', 'description', 'vat_rate', 'debit', 'credit'];

/**
 * The journal as CSV, one line per entry line, for associations without Exact. `nl`: amounts with a decimal comma and
 * `;` between fields (what Dutch spreadsheets open as columns); otherwise a decimal point and `,`.
 */
export function journalCsv(entries: JournalEntry[], decimals: 'nl' | 'en'): string {
  const money = (cents: number) => {
    if (cents === 0) return '';
    const text = (cents / 100).toFixed(2);
    return decimals === 'nl' ? text.replace('.', ',') : text;
  };
  const rows = entries.flatMap((e) =>
    e.lines.map((l) => [e.day, e.reference, l.ledgerName, l.code, l.description, l.vatRate === null ? '' : String(l.vatRate), money(Math.max(l.amount, 0)), money(Math.max(-l.amount, 0))]),
  );
  return stringify([HEADER, ...rows], { delimiter: decimals === 'nl' ? ';' : ',', record_delimiter: 'windows' });
}
