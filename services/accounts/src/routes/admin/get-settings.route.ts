import { AdminSettings, ApiResponse, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { getSettings } from '../../settings';

/** The platform settings, including the current version of the terms. */
export default function getAdminSettings(app: ServiceApp) {
  app.get(
    '/api/admin/settings/',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], summary: 'Platform settings', response: { 200: ApiResponse(AdminSettings) } } },
    async () => ok(await getSettings(app.db)),
  );
}
