import { IdParam } from '@kassa/contracts';
import { AppError, type ServiceApp } from '@kassa/service-kit';
import { payoutFileModel } from '../../models/payout-file.model';

/** GET /api/admin/payouts/files/{id}/xml: the pain.001.001.03 file as stored (the same bytes every time). */
export default function getPayoutFileXml(app: ServiceApp) {
  app.get(
    '/api/admin/payouts/files/:id/xml',
    { onRequest: app.requireRole('treasurer'), schema: { tags: ['admin'], summary: 'The SEPA credit-transfer file (pain.001.001.03)', params: IdParam } },
    async (request, reply) => {
      const doc = await payoutFileModel(app.db).findById(request.params.id, { xml: 1, msgId: 1 }).lean();
      if (!doc) throw new AppError(404, 'not_found', 'Payout file not found.');
      if (!doc.xml) throw new AppError(409, 'conflict', 'This file holds donations only: there is nothing to send to the bank. Mark it sent to book them.');
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${doc.msgId}.xml"`)
        .send(doc.xml);
    },
  );
}
