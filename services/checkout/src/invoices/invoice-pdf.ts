import { formatEuros, INVOICE_PAYMENT_DAYS, type InvoiceView } from '@kassa/contracts';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

/** A4 in PDF points, and the page margin. */
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const GREY = rgb(0.35, 0.35, 0.35);

const longDate = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
/** A local day (YYYY-MM-DD) in Dutch, read at noon UTC so no zone moves it. */
const day = (d: string) => longDate.format(new Date(`${d}T12:00:00Z`));
const dueDay = (issueDay: string) => {
  const d = new Date(`${issueDay}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + INVOICE_PAYMENT_DAYS);
  return d.toISOString().slice(0, 10);
};
const grouped = (iban: string) => iban.replace(/(.{4})/g, '$1 ').trim();
/** The standard PDF fonts speak WinAnsi: a character outside it (an emoji in a product name) is printed as "?". */
const winAnsi = (s: string) => s.replace(/\u2212/g, '-').replace(/[^\x20-\x7E\xA0-\xFF€‘’“”–—…•]/g, '?');

function title(invoice: InvoiceView): string {
  if (invoice.status === 'draft') return 'Conceptfactuur';
  return invoice.kind === 'credit_note' ? 'Creditnota' : 'Factuur';
}

/** Writes lines top-down on one page after another. */
class Writer {
  private page: PDFPage;
  private y: number;
  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }
  private room(height: number) {
    if (this.y - height >= MARGIN) return;
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }
  text(s: string, opts: { size?: number; bold?: boolean; x?: number; color?: ReturnType<typeof rgb> } = {}) {
    const size = opts.size ?? 10;
    this.room(size + 4);
    this.page.drawText(winAnsi(s), { x: opts.x ?? MARGIN, y: this.y - size, size, font: opts.bold ? this.bold : this.font, color: opts.color ?? rgb(0, 0, 0) });
    this.y -= size + 4;
  }
  /** One row of cells: the first left-aligned at its x, the others right-aligned ending at theirs. */
  row(cells: { text: string; x: number; right?: boolean }[], opts: { bold?: boolean } = {}) {
    const size = 10;
    this.room(size + 5);
    const font = opts.bold ? this.bold : this.font;
    for (const c of cells) {
      const s = winAnsi(c.text);
      const x = c.right ? c.x - font.widthOfTextAtSize(s, size) : c.x;
      this.page.drawText(s, { x, y: this.y - size, size, font });
    }
    this.y -= size + 5;
  }
  gap(points = 10) {
    this.y -= points;
  }
  rule() {
    this.room(6);
    this.page.drawLine({ start: { x: MARGIN, y: this.y - 2 }, end: { x: A4[0] - MARGIN, y: this.y - 2 }, thickness: 0.5, color: GREY });
    this.y -= 8;
  }
}

/**
 * The invoice as a PDF file, in Dutch as the customer receives it: the same content as the sheet on the invoice page
 * (mfe-admin invoice-document.tsx): sender with VAT, KvK and IBAN, customer, number and dates, lines, VAT per rate,
 * total, and how to pay (IBAN, in whose name, which reference).
 */
export async function invoicePdf(invoice: InvoiceView): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${title(invoice)} ${invoice.number ?? ''}`.trim());
  doc.setAuthor(invoice.sender.name || 'Kassa');
  doc.setCreator('Kassa');
  const w = new Writer(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));
  const { sender } = invoice;
  const right = A4[0] - MARGIN;

  w.text(sender.name || 'Afzender niet ingesteld', { size: 14, bold: true });
  for (const line of sender.address.split('\n')) if (line.trim()) w.text(line);
  if (sender.email) w.text(sender.email);
  if (sender.vatNumber) w.text(`Btw-nummer ${sender.vatNumber}`, { color: GREY });
  if (sender.kvkNumber) w.text(`KvK-nummer ${sender.kvkNumber}`, { color: GREY });
  if (sender.iban) w.text(`IBAN ${grouped(sender.iban)}`, { color: GREY });
  w.gap(16);

  w.text('Aan', { color: GREY });
  w.text(invoice.customerName, { bold: true });
  for (const line of invoice.customerAddress.split('\n')) if (line.trim()) w.text(line);
  w.gap(16);

  const credit = invoice.kind === 'credit_note';
  w.text(title(invoice), { size: 18, bold: true });
  w.text(`${credit ? 'Creditnotanummer' : 'Factuurnummer'}: ${invoice.number ?? 'nog geen (concept)'}`);
  w.text(`${credit ? 'Datum' : 'Factuurdatum'}: ${invoice.issueDay ? day(invoice.issueDay) : '-'}`);
  w.text(`Periode: ${invoice.from === invoice.to ? day(invoice.from) : `${day(invoice.from)} t/m ${day(invoice.to)}`}`);
  if (invoice.reference) w.text(`Uw referentie: ${invoice.reference}`);
  if (invoice.creditOf) w.text(`Crediteert factuur ${invoice.creditOf.number}`);
  w.gap(12);

  const cols = { name: MARGIN, qty: 330, price: 400, vat: 450, amount: right };
  w.row([{ text: 'Omschrijving', x: cols.name }, { text: 'Aantal', x: cols.qty, right: true }, { text: 'Prijs', x: cols.price, right: true }, { text: 'Btw', x: cols.vat, right: true }, { text: 'Bedrag', x: cols.amount, right: true }], { bold: true });
  w.rule();
  if (invoice.lines.length === 0) w.text('Geen verkopen in deze periode.', { color: GREY });
  for (const l of invoice.lines) {
    const name = l.name.length > 48 ? `${l.name.slice(0, 47)}…` : l.name;
    w.row([{ text: name, x: cols.name }, { text: String(l.quantity), x: cols.qty, right: true }, { text: formatEuros(l.unitPrice), x: cols.price, right: true }, { text: `${l.vatRate}%`, x: cols.vat, right: true }, { text: formatEuros(l.total), x: cols.amount, right: true }]);
  }
  w.rule();
  w.gap(6);

  w.row([{ text: 'Btw-tarief', x: cols.name }, { text: 'Grondslag', x: cols.price, right: true }, { text: 'Btw', x: cols.vat + 50, right: true }, { text: 'Totaal', x: cols.amount, right: true }], { bold: true });
  for (const v of invoice.vat) {
    w.row([{ text: `${v.rate}%`, x: cols.name }, { text: formatEuros(v.net), x: cols.price, right: true }, { text: formatEuros(v.vat), x: cols.vat + 50, right: true }, { text: formatEuros(v.gross), x: cols.amount, right: true }]);
  }
  w.rule();
  w.row([{ text: 'Totaal', x: cols.name }, { text: formatEuros(invoice.total), x: cols.amount, right: true }], { bold: true });
  w.gap(16);

  if (invoice.note) for (const line of invoice.note.split('\n')) w.text(line);
  if (credit) w.text('Dit bedrag wordt met u verrekend of teruggestort.');
  else if (invoice.paid) w.text(`Betaald op ${day(invoice.paid.at.slice(0, 10))}. Dank u wel.`);
  else {
    const due = invoice.issueDay ? ` (uiterlijk ${day(dueDay(invoice.issueDay))})` : '';
    w.text(`Graag ${formatEuros(invoice.total)} binnen ${INVOICE_PAYMENT_DAYS} dagen${due} overmaken`);
    w.text(`${sender.iban ? `op ${grouped(sender.iban)} ` : ''}${sender.name ? `t.n.v. ${sender.name}` : ''}${invoice.number ? `, onder vermelding van ${invoice.number}` : ''}.`);
  }
  return doc.save();
}
