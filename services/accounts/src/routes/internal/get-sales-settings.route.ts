import { ApiResponse, ok, SalesSettings } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { getSettings } from '../../settings';

/**
 * The settings checkout applies to a sale and a shift: whether an order with an 18+ product needs staff to confirm the
 * buyer's age, whether cash is taken without an open shift, and the cash difference that needs a note.
 */
export default function getSalesSettings(app: ServiceApp) {
  app.get('/internal/settings/sales', { onRequest: app.requireInternal, schema: { hide: true, response: { 200: ApiResponse(SalesSettings) } } }, async () =>
    ok(await getSettings(app.db).then(({ ageCheck, cashWithoutShift, shiftNoteAbove }) => ({ ageCheck, cashWithoutShift, shiftNoteAbove }))),
  );
}
