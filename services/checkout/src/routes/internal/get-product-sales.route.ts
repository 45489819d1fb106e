import { ApiResponse, IdParam, ok, ProductSales, ProductSalesQuery } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { QueryFilter } from 'mongoose';
import { transactionModel, type TransactionDoc } from '../../models/transaction.model';
import type { CheckoutContext } from '../../context';

/**
 * Units of one product sold in completed sales that were not undone, between two Dutch days (inclusive), in total and,
 * with perDay=1, per day. For the catalog's admin counts (the catalog owns products, checkout owns sales). The sales
 * are found through the (productId, day) index and summed here: on FerretDB 1.24, $unwind drops the other fields of [ferretdb:aggregation]
 * the document (grouping the unwound lines by '$day' gives null), and there are no date expressions either.
 */
export default function getProductSales(app: ServiceApp, ctx: CheckoutContext) {
  app.get(
    '/internal/products/:id/sales',
    { onRequest: app.requireInternal, schema: { hide: true, params: IdParam, querystring: ProductSalesQuery, response: { 200: ApiResponse(ProductSales) } } },
    async (request) => {
      const { start, end, perDay, scope } = request.query;
      const id = request.params.id;
      const day: Record<string, string> = {};
      if (start) day.$gte = start;
      if (end) day.$lte = end;
      const filter: QueryFilter<TransactionDoc> = { 'products.productId': id };
      if (scope === 'sold') Object.assign(filter, { status: 'completed', undone: null });
      if (start || end) filter.day = day;
      const sales = await transactionModel(ctx.db).find(filter, { day: 1, products: 1 }).lean();
      const byDay = new Map<string, number>();
      let count = 0;
      for (const sale of sales) {
        const units = sale.products.filter((line) => line.productId === id).reduce((sum, line) => sum + line.amount, 0);
        count += units;
        byDay.set(sale.day, (byDay.get(sale.day) ?? 0) + units);
      }
      const days = perDay === '1' ? [...byDay].map(([d, n]) => ({ day: d, count: n })).sort((a, b) => a.day.localeCompare(b.day)) : [];
      return ok({ count, days });
    },
  );
}
