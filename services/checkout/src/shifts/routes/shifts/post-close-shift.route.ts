import { ApiResponse, CloseShiftBody, IdParam, ok, Shift } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { CheckoutContext } from '../../../context';
import { closeShift } from '../../shifts';

/** Closes a shift with the drawer counted; the difference is booked to Cash differences once. */
export default function postCloseShift(app: ServiceApp, ctx: CheckoutContext) {
  app.post(
    '/api/shifts/:id/close/',
    {
      onRequest: app.requireCapabilities('PAYMENT_CASH'),
      schema: { tags: ['shifts'], summary: 'Close a shift with the counted drawer', params: IdParam, body: CloseShiftBody, response: { 200: ApiResponse(Shift) } },
    },
    async (request) => ok(await closeShift(ctx, request.params.id, request.body, request.user, request.id)),
  );
}
