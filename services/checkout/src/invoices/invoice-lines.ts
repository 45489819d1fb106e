import type { InvoiceLine, InvoiceLines, InvoiceVat } from '@kassa/contracts';
import type { Connection } from 'mongoose';
import { transactionModel, type TransactionDoc } from '../models/transaction.model';

/** Sales stored before the VAT rate was kept on each line were sold at the catalogue's default rate. */
const DEFAULT_VAT_RATE = 21;

/**
 * An account's sales over a period as invoice lines: completed sales paid from the account (a top-up bought for it is
 * money in, not a sale), undone ones left out; one line per product, price and VAT rate. Prices include VAT; the VAT
 * of a rate is worked out once on the rate's total (rounded to the cent), as a receipt does. Sales up to
 * `collectedThrough` (the cut-off of a direct-debit batch that collects the account's debt) are left out and counted:
 * a sale is settled by one route.
 */
export async function invoiceLines(db: Connection, accountId: string, from: string, to: string, collectedThrough: string | null = null): Promise<InvoiceLines> {
  const sales = (await transactionModel(db)
    .find({ accountId, day: { $gte: from, $lte: to } }, { products: 1, status: 1, undone: 1, day: 1 })
    .lean()) as Pick<TransactionDoc, 'products' | 'status' | 'undone' | 'day'>[];
  const lines = new Map<string, InvoiceLine>();
  let salesCount = 0;
  let undoneCount = 0;
  let collectedCount = 0;
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
      const key = `${p.productId}|${p.price}|${vatRate}`;
      const line = lines.get(key) ?? { productId: p.productId, name: p.name, unitPrice: p.price, quantity: 0, vatRate, total: 0 };
      line.quantity += p.amount;
      line.total += p.amount * p.price;
      lines.set(key, line);
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
