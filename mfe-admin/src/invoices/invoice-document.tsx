import { INVOICE_PAYMENT_DAYS, type InvoiceView } from '@kassa/contracts';
import { formatDate, formatDay, formatMoney } from '@kassa/ui';


/** The invoice date plus the payment term, as a local day. */
function dueDay(issueDay: string): string {
  const d = new Date(`${issueDay}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + INVOICE_PAYMENT_DAYS);
  return d.toISOString().slice(0, 10);
}

const percent = (rate: number) => `${rate}%`;

/** A period of local days: one day alone, or "1 maart 2026 t/m 31 maart 2026". */
export const formatPeriod = (from: string, to: string) => (from === to ? formatDay(from) : `${formatDay(from)} t/m ${formatDay(to)}`);

/** Why sales of the period are not on the invoice: a direct-debit batch collects them (one debt, one route). */
export const collectedText = (count: number, through: string | null) =>
  `${count} ${count === 1 ? 'sale' : 'sales'} left out: a direct-debit batch collects this account's debt${through ? ` up to ${formatDay(through)} (its cut-off)` : ''}.`;

export function documentTitle(invoice: Pick<InvoiceView, 'kind' | 'status'>): string {
  if (invoice.status === 'draft') return 'Conceptfactuur';
  return invoice.kind === 'credit_note' ? 'Creditnota' : 'Factuur';
}

/**
 * The invoice as it is printed on A4 (and shown on screen as a sheet): sender, customer, number and dates, the lines,
 * VAT per rate and the total, then how to pay. In Dutch, as the customer receives it.
 */
export function InvoiceDocument({ invoice }: { invoice: InvoiceView }) {
  const { sender } = invoice;
  const credit = invoice.kind === 'credit_note';
  return (
    <article className="invoice-doc" aria-label={`${documentTitle(invoice)} ${invoice.number ?? ''}`.trim()}>
      {invoice.status === 'draft' ? (
        <div className="invoice-doc__draft" aria-hidden="true">
          CONCEPT
        </div>
      ) : null}
      <header className="invoice-doc__head">
        <div className="invoice-doc__sender">
          <div className="invoice-doc__sender-name">{sender.name || 'Afzender niet ingesteld'}</div>
          <div className="invoice-doc__address">{sender.address}</div>
          {sender.email ? <div>{sender.email}</div> : null}
        </div>
        <dl className="invoice-doc__ids">
          {sender.vatNumber ? (
            <>
              <dt>Btw-nummer</dt>
              <dd>{sender.vatNumber}</dd>
            </>
          ) : null}
          {sender.kvkNumber ? (
            <>
              <dt>KvK-nummer</dt>
              <dd>{sender.kvkNumber}</dd>
            </>
          ) : null}
          {sender.iban ? (
            <>
              <dt>IBAN</dt>
              <dd>{sender.iban.replace(/(.{4})/g, '$1 ').trim()}</dd>
            </>
          ) : null}
        </dl>
      </header>

      <section className="invoice-doc__customer" aria-label="Klant">
        <div className="invoice-doc__label">Aan</div>
        <div className="invoice-doc__customer-name">{invoice.customerName}</div>
        <div className="invoice-doc__address">{invoice.customerAddress}</div>
      </section>

      <h2 className="invoice-doc__title">{documentTitle(invoice)}</h2>
      <dl className="invoice-doc__facts">
        <dt>{credit ? 'Creditnotanummer' : 'Factuurnummer'}</dt>
        <dd>{invoice.number ?? 'nog geen (concept)'}</dd>
        <dt>{credit ? 'Datum' : 'Factuurdatum'}</dt>
        <dd>{invoice.issueDay ? formatDay(invoice.issueDay) : '—'}</dd>
        <dt>Periode</dt>
        <dd>{formatPeriod(invoice.from, invoice.to)}</dd>
        {invoice.reference ? (
          <>
            <dt>Uw referentie</dt>
            <dd>{invoice.reference}</dd>
          </>
        ) : null}
        {invoice.creditOf ? (
          <>
            <dt>Crediteert factuur</dt>
            <dd>{invoice.creditOf.number}</dd>
          </>
        ) : null}
      </dl>

      <table className="invoice-doc__lines">
        <thead>
          <tr>
            <th scope="col">Omschrijving</th>
            {['Aantal', 'Prijs', 'Btw', 'Bedrag'].map((name) => (
              <th key={name} scope="col" className="k-num">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {invoice.lines.length === 0 ? (
            <tr>
              <td colSpan={5} className="invoice-doc__none">
                Geen verkopen in deze periode.
              </td>
            </tr>
          ) : (
            invoice.lines.map((l) => (
              <tr key={`${l.productId}-${l.unitPrice}-${l.vatRate}`}>
                <td>{l.name}</td>
                <td className="k-num">{l.quantity}</td>
                <td className="k-num">{formatMoney(l.unitPrice)}</td>
                <td className="k-num">{percent(l.vatRate)}</td>
                <td className="k-num">{formatMoney(l.total)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>

      <table className="invoice-doc__vat">
        <thead>
          <tr>
            <th scope="col">Btw-tarief</th>
            <th scope="col" className="k-num">
              Excl. btw
            </th>
            <th scope="col" className="k-num">
              Btw
            </th>
            <th scope="col" className="k-num">
              Incl. btw
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.vat.map((v) => (
            <tr key={v.rate}>
              <td>{percent(v.rate)}</td>
              <td className="k-num">{formatMoney(v.net)}</td>
              <td className="k-num">{formatMoney(v.vat)}</td>
              <td className="k-num">{formatMoney(v.gross)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="invoice-doc__total">
            <th scope="row" colSpan={3}>
              Totaal
            </th>
            <td className="k-num">{formatMoney(invoice.total)}</td>
          </tr>
        </tfoot>
      </table>

      <footer className="invoice-doc__foot">
        {invoice.note ? <p className="invoice-doc__note">{invoice.note}</p> : null}
        {credit ? (
          <p>Dit bedrag wordt met u verrekend of teruggestort.</p>
        ) : invoice.paid ? (
          <p>Betaald op {formatDate(invoice.paid.at)}. Dank u wel.</p>
        ) : (
          <p>
            Graag {formatMoney(invoice.total)} binnen {INVOICE_PAYMENT_DAYS} dagen
            {invoice.issueDay ? ` (uiterlijk ${formatDay(dueDay(invoice.issueDay))})` : ''} overmaken
            {sender.iban ? ` op ${sender.iban.replace(/(.{4})/g, '$1 ').trim()}` : ''}
            {sender.name ? ` t.n.v. ${sender.name}` : ''}
            {invoice.number ? `, onder vermelding van ${invoice.number}` : ''}.
          </p>
        )}
      </footer>
    </article>
  );
}
