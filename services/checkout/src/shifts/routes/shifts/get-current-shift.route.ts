import { ApiResponse, CurrentShift, CurrentShiftQuery, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { CheckoutContext } from '../../../context';
import { currentShift, shiftSettings } from '../../shifts';

/** The register's open shift (null when none) with the cash expected in its drawer so far. */
export default function getCurrentShift(app: ServiceApp, ctx: CheckoutContext) {
  app.get(
    '/api/shifts/current',
    {
      onRequest: app.requireCapabilities('PAYMENT_CASH'),
      schema: { tags: ['shifts'], summary: "The register's open shift, with the cash expected so far", querystring: CurrentShiftQuery, response: { 200: ApiResponse(CurrentShift) } },
    },
    async (request) => {
      const [shift, settings] = await Promise.all([currentShift(ctx, request.user, request.query.register), shiftSettings(ctx)]);
      return ok({ shift, noteAbove: settings.shiftNoteAbove });
    },
  );
}
