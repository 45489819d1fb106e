import { AdminSettings, AdminSettingsBody, ApiResponse, ok } from '@kassa/contracts';
import { checkIban } from '@kassa/contracts/sepa';
import { AppError, type ServiceApp } from '@kassa/service-kit';
import { auditActor } from '../../audit';
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
      const iban = fields.invoiceSender?.iban;
      if (iban && 'error' in checkIban(iban)) {
        throw new AppError(422, 'validation_error', 'Invalid IBAN.', [{ loc: ['body', 'invoiceSender', 'iban'], msg: 'Invalid IBAN.', type: 'value_error' }]);
      }
      const before = await getSettings(app.db);
      const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
      if (bumpConditionsVersion) set.conditionsVersion = before.conditionsVersion + 1;
      if (Object.keys(set).length === 0) {
        await publishSettings(app);
        return ok(await getSettings(app.db));
      }
      const after = await ctx.audit.audited(
        { actor: auditActor(request.user), action: 'settings.update', entity: 'settings', entityId: SETTINGS_KEY, before, after: { ...before, ...set }, at: ctx.now() },
        request.log,
        async () => {
          await settingsModel(app.db).updateOne({ key: SETTINGS_KEY }, { $set: set });
          await publishSettings(app);
          return getSettings(app.db);
        },
        (settings) => ({ after: settings }),
      );
      return ok(after);
    },
  );
}
