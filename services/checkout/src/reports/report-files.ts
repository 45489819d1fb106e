import { cardDifference, formatEuros, type CheckoutMethod, type DayReport, type Shift } from '@kassa/contracts';
import { stringify } from 'csv-stringify/sync';
import { A4, GREY, MARGIN, pdfWriter } from '../pdf/pdf-writer';

/** The checkout methods as the treasurer reads them (Dutch, as the PDF and the CSV are). */
export const METHOD_NAMES: Record<CheckoutMethod, string> = { cash: 'Contant', card: 'Pin', account: 'Rekening', self: 'Eigen rekening', other: 'Overig' };

const longDate = new Intl.DateTimeFormat('nl-NL', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const dutchDay = (d: string) => longDate.format(new Date(`${d}T12:00:00Z`));
/** The days a report covers, in words. */
export const reportPeriod = (r: Pick<DayReport, 'from' | 'to'>) => (r.from === r.to ? dutchDay(r.from) : `${dutchDay(r.from)} t/m ${dutchDay(r.to)}`);
/** The file name of a report's CSV or PDF (a shift's names its register and the day it opened). */
export const reportFileName = (r: Pick<DayReport, 'from' | 'to'>, ext: 'csv' | 'pdf', shift?: Shift) =>
  shift
    ? `kassa-dienst-${shift.register.replace(/[^A-Za-z0-9-]+/g, '-')}-${r.from}-${shift.id.slice(-6)}.${ext}`
    : `kassa-dagrapport-${r.from === r.to ? r.from : `${r.from}-${r.to}`}.${ext}`;
const vat = (rate: number | null) => (rate === null ? '-' : `${rate}%`);

/** What a shift's report file needs besides its sales. */
export interface ShiftFile {
  shift: Shift;
  registerName: string | null;
  timeZone: string;
}

/**
 * What a shift's report says above the sales: who opened and closed it and when, the float, the safe drops, and the
 * drawer's expected and counted cash with the difference and its note ([what, amount in cents or text]).
 */
export function shiftFacts({ shift, registerName, timeZone }: ShiftFile): [string, number | string][] {
  const at = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone });
  const drops = shift.safeDrops.reduce((sum, d) => sum + d.amount, 0);
  return [
    ['Kassa', registerName ?? shift.register],
    ['Geopend', `${at.format(new Date(shift.openedAt))} door ${shift.openedBy}`],
    ['Gesloten', shift.closedAt ? `${at.format(new Date(shift.closedAt))} door ${shift.closedBy ?? ''}` : 'nog open'],
    ['Wisselgeld bij opening', shift.float],
    [`Naar de kluis (${shift.safeDrops.length}x)`, -drops],
    [shift.status === 'closed' ? 'Verwacht contant' : 'Verwacht contant tot nu', shift.expected],
    ...(shift.counted === null ? [] : ([['Geteld', shift.counted]] as [string, number][])),
    ...(shift.difference === null ? [] : ([['Verschil (geteld - verwacht)', shift.difference]] as [string, number][])),
    ...(shift.note ? ([['Notitie', shift.note]] as [string, string][]) : []),
    [`Pin volgens Kassa (${shift.card.count}x)`, shift.card.total],
    shift.card.terminal?.totals
      ? [`Pin volgens de terminal (${shift.card.terminal.totals.count}x)`, shift.card.terminal.totals.total]
      : ['Pin volgens de terminal', shift.card.terminal ? `onbekend (${shift.card.terminal.note ?? ''})` : 'gevraagd bij het sluiten'],
    ...(cardDifference(shift.card) === null ? [] : ([['Verschil pin (terminal - Kassa)', cardDifference(shift.card)!]] as [string, number][])),
  ];
}

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

/**
 * The report as CSV for a Dutch spreadsheet (`;` between fields, a decimal comma): section, what, count, amount; a
 * shift's report starts with the shift's facts.
 */
export function reportCsv(r: DayReport, shift?: ShiftFile): string {
  const rows: string[][] = [['sectie', 'omschrijving', 'aantal', 'bedrag']];
  rows.push(['Periode', reportPeriod(r), '', '']);
  for (const [label, value] of shift ? shiftFacts(shift) : []) rows.push(['Dienst', label, typeof value === 'string' ? value : '', typeof value === 'number' ? csvEuros(value) : '']);
  for (const s of sections(r)) {
    for (const [label, count, cents] of [...s.lines, ...(s.total ? [s.total] : [])]) rows.push([s.title, label, count === null ? '' : String(count), csvEuros(cents)]);
  }
  rows.push(['Totaal', 'Ontvangen (verkopen en opwaarderingen)', '', csvEuros(r.totals.received)]);
  return stringify(rows, { delimiter: ';', record_delimiter: 'windows' });
}

/**
 * The report as a PDF file (A4, Dutch) for the treasurer's files: the same sections as the CSV and the page; a shift's
 * report ("Dienstrapport") starts with the shift's facts.
 */
export async function reportPdf(r: DayReport, shift?: ShiftFile): Promise<Uint8Array> {
  const title = shift ? 'Dienstrapport' : 'Dagrapport';
  const { doc, w } = await pdfWriter(shift ? `${title} ${shift.registerName ?? shift.shift.register} ${r.from}` : `${title} ${r.from === r.to ? r.from : `${r.from} - ${r.to}`}`, 'Kassa');
  const cols = { label: MARGIN, count: 400, amount: A4[0] - MARGIN };
  w.text(title, { size: 18, bold: true });
  w.text(reportPeriod(r));
  w.gap(12);
  if (shift) {
    for (const [label, value] of shiftFacts(shift)) {
      if (typeof value === 'string' && value.length > 50) {
        // A long text (the note) under its label, a line of at most 90 characters at a time.
        w.text(label, { bold: true });
        for (const line of value.match(/.{1,90}(\s|$)|\S+/g) ?? []) w.text(line.trim());
        continue;
      }
      w.row([{ text: label, x: cols.label }, { text: typeof value === 'number' ? formatEuros(value) : value, x: cols.amount, right: true }]);
    }
    w.gap(12);
  }
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
