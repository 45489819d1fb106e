import { ApiResponse, ok, ShiftSettings } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { getSettings } from '../../settings';

/** What checkout's shifts follow: whether cash is taken without an open shift, and above which difference a note is needed. */
export default function getShiftSettings(app: ServiceApp) {
  app.get('/internal/settings/shifts', { onRequest: app.requireInternal, schema: { hide: true, response: { 200: ApiResponse(ShiftSettings) } } }, async () => {
    const { cashWithoutShift, shiftNoteAbove } = await getSettings(app.db);
    return ok({ cashWithoutShift, shiftNoteAbove });
  });
}
