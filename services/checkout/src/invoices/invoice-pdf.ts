import { formatEuros, INVOICE_PAYMENT_DAYS, type InvoiceView } from '@kassa/contracts';
import { A4, GREY, MARGIN, pdfWriter } from '../pdf/pdf-writer';

const longDate = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
/** A local day (YYYY-MM-DD) in Dutch, read at noon UTC so no zone moves it. */
const day = (d: string) => longDate.format(new Date(`${d}T12:00:00Z`));
const dueDay = (issueDay: string) => {
  const d = new Date(`${issueDay}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + INVOICE_PAYMENT_DAYS);
  return d.toISOString().slice(0, 10);
};
const grouped = (iban: string) => iban.replace(/(.{4})/g, '$1 ').trim();

function title(invoice: InvoiceView): string {
  if (invoice.status === 'draft') return 'Conceptfactuur';
  return invoice.kind === 'credit_note' ? 'Creditnota' : 'Factuur';
}

/**
 * The invoice as a PDF file, in Dutch as the customer receives it: the same content as the sheet on the invoice page
 * (mfe-admin invoice-document.tsx): sender with VAT, KvK and IBAN, customer, number and dates, lines, VAT per rate,
 * total, and how to pay (IBAN, in whose name, which reference).
 */
export async function invoicePdf(invoice: InvoiceView): Promise<Uint8Array> {
  const { doc, w } = await pdfWriter(`${title(invoice)} ${invoice.number ?? ''}`.trim(), invoice.sender.name || 'Kassa');
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
