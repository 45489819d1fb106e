import { ApiResponse, ok, OpenShiftBody, Shift } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { CheckoutContext } from '../../../context';
import { openShift } from '../../shifts';

/** Opens a shift with the float counted by denomination; one open shift per register (409 for a second). */
export default function postShift(app: ServiceApp, ctx: CheckoutContext) {
  app.post(
    '/api/shifts/',
    { onRequest: app.requireCapabilities('PAYMENT_CASH'), schema: { tags: ['shifts'], summary: 'Open a shift with a counted float', body: OpenShiftBody, response: { 200: ApiResponse(Shift) } } },
    async (request) => ok(await openShift(ctx, request.body, request.user)),
  );
}
