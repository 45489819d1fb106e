import { AccountingExport, ApiResponse, ExportsQuery, ok, Paged } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { exportView } from '../../../export-views';
import { accountingExportModel, type AccountingExportDoc } from '../../../models/accounting-export.model';
import type { PaymentsContext } from '../../../../context';

/** The history of exports, newest first, 15 a page. */
export default function getExactExports(app: ServiceApp, ctx: PaymentsContext) {
  app.get(
    '/api/admin/exact/exports',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], summary: 'Accounting export: history', querystring: ExportsQuery, response: { 200: ApiResponse(Paged(AccountingExport)) } } },
    async (request) => {
      const { page, perPage } = request.query as { page: number; perPage: number };
      const Export = accountingExportModel(ctx.db);
      const [total, docs] = await Promise.all([Export.countDocuments({}), Export.find({}).sort({ createdAt: -1, _id: -1 }).skip((page - 1) * perPage).limit(perPage).lean()]);
      return ok({ items: (docs as AccountingExportDoc[]).map(exportView), pageCount: Math.ceil(total / perPage), total });
    },
  );
}
