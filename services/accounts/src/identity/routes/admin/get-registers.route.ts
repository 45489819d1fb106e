import { AdminRegisters, ApiResponse, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { registerModel } from '../../models/register.model';
import { adminRegisters } from '../../users/admin-registers';

/** GET /api/admin/registers/: every register by name, with its capabilities, terminal and users. */
export default function getAdminRegisters(app: ServiceApp) {
  app.get(
    '/api/admin/registers/',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], summary: 'Registers', response: { 200: ApiResponse(AdminRegisters) } } },
    async () => ok({ registers: await adminRegisters(app.db, await registerModel(app.db).find().sort({ name: 1 }).lean()) }),
  );
}
