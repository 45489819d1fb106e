import type { InvoiceLine, InvoiceLines, InvoiceVat } from '@kassa/contracts';
import type { Connection } from 'mongoose';
import { transactionModel, type TransactionDoc } from '../models/transaction.model';

/** A deposit's invoice line: "Statiegeld Krat pils", at 0 % VAT (money held for the packaging, not turnover). */
const DEPOSIT_LABEL = 'Statiegeld';

/** Sales stored before the VAT rate was kept on each line were sold at the catalogue's default rate. */
const DEFAULT_VAT_RATE = 21;

/**
 * An account's sales over a period as invoice lines: completed sales paid from the account (a top-up bought for it is
 * money in, not a sale), undone ones left out; one line per product, price and VAT rate, and the deposits charged and
 * returned on their own lines at 0 % (the account paid them too, so the invoice settles what the account owes). Prices include VAT; the VAT
 * of a rate is worked out once on the rate's total (rounded to the cent), as a receipt does. Sales up to
 * `collectedThrough` (the cut-off of a direct-debit batch that collects the account's debt) are left out and counted:
 * a sale is settled by one route.
 */
export async function invoiceLines(db: Connection, accountId: string, from: string, to: string, collectedThrough: string | null = null): Promise<InvoiceLines> {
  const sales = (await transactionModel(db)
    .find({ accountId, day: { $gte: from, $lte: to } }, { products: 1, returns: 1, status: 1, undone: 1, day: 1 })
    .lean()) as Pick<TransactionDoc, 'products' | 'returns' | 'status' | 'undone' | 'day'>[];
  const lines = new Map<string, InvoiceLine>();
  let salesCount = 0;
  let undoneCount = 0;
  let collectedCount = 0;
  const add = (key: string, of: Omit<InvoiceLine, 'quantity' | 'total'>, quantity: number) => {
    const line = lines.get(key) ?? { ...of, quantity: 0, total: 0 };
    line.quantity += quantity;
    line.total += quantity * of.unitPrice;
    lines.set(key, line);
  };
  for (const sale of sales) {
    if (sale.status !== 'completed' || sale.day < from || sale.day > to) continue;
    if (sale.undone) {
      undoneCount += 1;
      continue;
    }
    if (collectedThrough && sale.day <= collectedThrough) {
      collectedCount += 1;
      continue;
    }
    salesCount += 1;
    for (const p of sale.products) {
      const vatRate = p.vatRate ?? DEFAULT_VAT_RATE;
      add(`${p.productId}|${p.price}|${vatRate}`, { productId: p.productId, name: p.name, unitPrice: p.price, vatRate }, p.amount);
      if (p.deposit) add(`deposit|${p.productId}|${p.deposit}`, { productId: p.productId, name: `${DEPOSIT_LABEL} ${p.name}`, unitPrice: p.deposit, vatRate: 0 }, p.amount);
    }
    for (const r of sale.returns ?? []) {
      add(`return|${r.productId}|${r.deposit}`, { productId: r.productId, name: `${DEPOSIT_LABEL} ${r.name} retour`, unitPrice: -r.deposit, vatRate: 0 }, r.amount);
    }
  }
  const sorted = [...lines.values()].filter((l) => l.quantity !== 0).sort((a, b) => a.name.localeCompare(b.name, 'nl') || a.unitPrice - b.unitPrice);
  return { lines: sorted, vat: vatOf(sorted), total: sorted.reduce((sum, l) => sum + l.total, 0), salesCount, undoneCount, collectedCount, collectedThrough: collectedCount ? collectedThrough : null };
}

export function vatOf(lines: InvoiceLine[]): InvoiceVat[] {
  const gross = new Map<number, number>();
  for (const l of lines) gross.set(l.vatRate, (gross.get(l.vatRate) ?? 0) + l.total);
  return [...gross.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, g]) => {
      const vat = Math.round((g * rate) / (100 + rate));
      return { rate, net: g - vat, vat, gross: g };
    });
}

/** The same lines turned around, for a credit note. */
export function reversed(of: InvoiceLines): InvoiceLines {
  const lines = of.lines.map((l) => ({ ...l, quantity: -l.quantity, total: -l.total }));
  return { ...of, lines, vat: of.vat.map((v) => ({ rate: v.rate, net: -v.net, vat: -v.vat, gross: -v.gross })), total: -of.total };
}
