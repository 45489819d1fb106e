import { ApiResponse, IdParam, ok, SafeDropBody, Shift } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { CheckoutContext } from '../../../context';
import { safeDrop } from '../../shifts';

/** Cash from the drawer to the safe, once per nonce. */
export default function postSafeDrop(app: ServiceApp, ctx: CheckoutContext) {
  app.post(
    '/api/shifts/:id/safe_drops/',
    { onRequest: app.requireCapabilities('PAYMENT_CASH'), schema: { tags: ['shifts'], summary: 'Record a safe drop', params: IdParam, body: SafeDropBody, response: { 200: ApiResponse(Shift) } } },
    async (request) => ok(await safeDrop(ctx, request.params.id, request.body, request.user)),
  );
}
