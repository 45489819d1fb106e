import { formatEuros, type CheckoutMethod, type DayReport } from '@kassa/contracts';
import { stringify } from 'csv-stringify/sync';
import { A4, GREY, MARGIN, pdfWriter } from '../pdf/pdf-writer';

/** The checkout methods as the treasurer reads them (Dutch, as the PDF and the CSV are). */
export const METHOD_NAMES: Record<CheckoutMethod, string> = { cash: 'Contant', card: 'Pin', account: 'Rekening', self: 'Eigen rekening', other: 'Overig' };

const longDate = new Intl.DateTimeFormat('nl-NL', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const dutchDay = (d: string) => longDate.format(new Date(`${d}T12:00:00Z`));
/** The days a report covers, in words. */
export const reportPeriod = (r: Pick<DayReport, 'from' | 'to'>) => (r.from === r.to ? dutchDay(r.from) : `${dutchDay(r.from)} t/m ${dutchDay(r.to)}`);
/** The file name of a report's CSV or PDF. */
export const reportFileName = (r: Pick<DayReport, 'from' | 'to'>, ext: 'csv' | 'pdf') => `kassa-dagrapport-${r.from === r.to ? r.from : `${r.from}-${r.to}`}.${ext}`;
const vat = (rate: number | null) => (rate === null ? '-' : `${rate}%`);

/** A section's lines as [what, count, amount in cents]; one list feeds the CSV and the PDF, so both say the same. */
type Line = [label: string, count: number | null, cents: number];
interface Section {
  title: string;
  head: [string, string, string];
  lines: Line[];
  total?: Line;
}

function sections(r: DayReport): Section[] {
  return [
    {
      title: 'Omzet per betaalwijze',
      head: ['Betaalwijze', 'Aantal', 'Bedrag'],
      lines: r.takings.map((m) => [METHOD_NAMES[m.method], m.count, m.total]),
      total: ['Totaal verkopen', r.totals.sales, r.totals.takings],
    },
    { title: 'Overig per reden', head: ['Reden', 'Aantal', 'Bedrag'], lines: r.otherByReason.map((o) => [o.reason || '(geen reden)', o.count, o.total]) },
    { title: 'Opwaarderingen', head: ['Betaalwijze', 'Aantal', 'Bedrag'], lines: r.topups.map((t) => [METHOD_NAMES[t.method], t.count, t.total]), total: ['Totaal opwaarderingen', null, r.totals.topups] },
    {
      title: 'Teruggedraaid (niet in de omzet)',
      head: ['Betaalwijze', 'Aantal', 'Bedrag'],
      lines: [...r.undos.byMethod.map((m): Line => [METHOD_NAMES[m.method], m.count, m.total]), ...(r.undos.topups ? [['Opwaarderingen daarvan', null, r.undos.topups] as Line] : [])],
      total: ['Totaal teruggedraaid', r.undos.count, r.undos.total],
    },
    {
      title: 'Statiegeld',
      head: ['', 'Stuks', 'Bedrag'],
      lines: [
        ['Verkocht', r.deposits.soldUnits, r.deposits.sold],
        ['Teruggebracht', r.deposits.returnedUnits, -r.deposits.returned],
      ],
    },
    { title: 'Categorieën', head: ['Categorie (btw)', 'Stuks', 'Omzet'], lines: r.categories.map((c) => [`${c.name} (${vat(c.vatRate)})`, c.amount, c.revenue]), total: ['Totaal producten', null, r.totals.revenue] },
    { title: 'Producten', head: ['Product (btw)', 'Stuks', 'Omzet'], lines: r.products.map((p) => [`${p.name} (${vat(p.vatRate)})`, p.amount, p.revenue]) },
  ];
}

/** Cents with a decimal comma and no currency sign, for a Dutch spreadsheet. */
const csvEuros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/** The report as CSV for a Dutch spreadsheet (`;` between fields, a decimal comma): section, what, count, amount. */
export function reportCsv(r: DayReport): string {
  const rows: string[][] = [['sectie', 'omschrijving', 'aantal', 'bedrag']];
  rows.push(['Periode', reportPeriod(r), '', '']);
  for (const s of sections(r)) {
    for (const [label, count, cents] of [...s.lines, ...(s.total ? [s.total] : [])]) rows.push([s.title, label, count === null ? '' : String(count), csvEuros(cents)]);
  }
  rows.push(['Totaal', 'Ontvangen (verkopen en opwaarderingen)', '', csvEuros(r.totals.received)]);
  return stringify(rows, { delimiter: ';', record_delimiter: 'windows' });
}

/** The report as a PDF file (A4, Dutch) for the treasurer's files: the same sections as the CSV and the page. */
export async function reportPdf(r: DayReport): Promise<Uint8Array> {
  const { doc, w } = await pdfWriter(`Dagrapport ${r.from === r.to ? r.from : `${r.from} - ${r.to}`}`, 'Kassa');
  const cols = { label: MARGIN, count: 400, amount: A4[0] - MARGIN };
  w.text('Dagrapport', { size: 18, bold: true });
  w.text(reportPeriod(r));
  w.gap(12);
  w.row([{ text: 'Ontvangen (verkopen en opwaarderingen)', x: cols.label }, { text: formatEuros(r.totals.received), x: cols.amount, right: true }], { bold: true });
  w.gap(8);
  for (const s of sections(r)) {
    w.text(s.title, { size: 12, bold: true });
    w.row([{ text: s.head[0], x: cols.label }, { text: s.head[1], x: cols.count, right: true }, { text: s.head[2], x: cols.amount, right: true }], { bold: true });
    w.rule();
    if (s.lines.length === 0) w.text('Geen.', { color: GREY });
    const row = ([label, count, cents]: Line, bold = false) =>
      w.row([{ text: label.length > 60 ? `${label.slice(0, 59)}…` : label, x: cols.label }, { text: count === null ? '' : String(count), x: cols.count, right: true }, { text: formatEuros(cents), x: cols.amount, right: true }], { bold });
    for (const line of s.lines) row(line);
    if (s.total) {
      w.rule();
      row(s.total, true);
    }
    w.gap(10);
  }
  return doc.save();
}
