import { AdminSettings, AdminSettingsBody, ApiResponse, ok } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { auditWho, writeAudit } from '../../audit';
import type { AccountsContext } from '../../context';
import { SETTINGS_KEY, settingsModel } from '../../models/settings.model';
import { getSettings } from '../../settings';
import { publishSettings } from '../../security/rights';

/**
 * Changes any of the settings. `bumpConditionsVersion` publishes new terms: every user's accepted version is then
 * behind, so each sees the conditions dialog again on the next config load (SPEC 4 "Conditions").
 */
export default function putAdminSettings(app: ServiceApp, ctx: AccountsContext) {
  app.put(
    '/api/admin/settings/',
    {
      preHandler: app.requireAdmin,
      schema: { tags: ['admin'], summary: 'Change platform settings', body: AdminSettingsBody, response: { 200: ApiResponse(AdminSettings) } },
    },
    async (request) => {
      const { bumpConditionsVersion, ...fields } = request.body;
      const before = await getSettings(app.db);
      const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
      if (bumpConditionsVersion) set.conditionsVersion = before.conditionsVersion + 1;
      if (Object.keys(set).length > 0) await settingsModel(app.db).updateOne({ key: SETTINGS_KEY }, { $set: set });
      await publishSettings(app);
      const after = await getSettings(app.db);
      if (Object.keys(set).length > 0) {
        await writeAudit(app.db, { who: auditWho(request.user), action: 'settings.update', entityType: 'settings', entityId: SETTINGS_KEY, before, after, at: ctx.now() });
      }
      return ok(after);
    },
  );
}
