import { ApiResponse, IdParam, ok, Shift } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { CheckoutContext } from '../../../context';
import { getShift } from '../../shifts';

export default function getShiftRoute(app: ServiceApp, ctx: CheckoutContext) {
  app.get(
    '/api/shifts/:id',
    { onRequest: app.requireCapabilities('PAYMENT_CASH'), schema: { tags: ['shifts'], summary: 'A shift of this register', params: IdParam, response: { 200: ApiResponse(Shift) } } },
    async (request) => ok(await getShift(ctx, request.params.id, request.user)),
  );
}
