import { AdminSettings, AdminSettingsBody, ApiResponse, ok, type ValidationDetail } from '@kassa/contracts';
import { checkBic, checkCreditorId, checkIban } from '@kassa/contracts/sepa';
import { AppError, type ServiceApp } from '@kassa/service-kit';
import { auditActor } from '../../ledger/audit/audit';
import type { AccountsContext } from '../../context';
import { SETTINGS_KEY, settingsModel } from '../../models/settings.model';
import { getSettings } from '../../settings';
import { publishSettings } from '../../identity/security/rights';

/**
 * Changes any of the settings. `bumpConditionsVersion` publishes new terms: every user's accepted version is then
 * behind, so each sees the conditions dialog again on the next config load (SPEC 4 "Conditions").
 */
export default function putAdminSettings(app: ServiceApp, ctx: AccountsContext) {
  app.put(
    '/api/admin/settings/',
    {
      onRequest: app.requireRole('board'),
      schema: { tags: ['admin'], summary: 'Change platform settings', body: AdminSettingsBody, response: { 200: ApiResponse(AdminSettings) } },
    },
    async (request) => {
      const { bumpConditionsVersion, ...fields } = request.body;
      const before = await getSettings(app.db);
      const set: Record<string, unknown> = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
      Object.assign(set, creditorFields(fields));
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

/**
 * The SEPA creditor's IBAN, BIC and creditor id as the bank needs them (electronic format, check digits right); an
 * empty value clears the field; and the invoice sender's IBAN. Every wrong field gets its own line.
 */
function creditorFields(body: AdminSettingsBody): Record<string, string> {
  const out: Record<string, string> = {};
  const detail: ValidationDetail[] = [];
  const checks = [
    ['creditorIban', body.creditorIban, (v: string) => { const c = checkIban(v); return 'error' in c ? c : { value: c.iban }; }],
    ['creditorBic', body.creditorBic, (v: string) => { const c = checkBic(v); return 'error' in c ? c : { value: c.bic }; }],
    ['creditorId', body.creditorId, (v: string) => { const c = checkCreditorId(v); return 'error' in c ? c : { value: c.creditorId }; }],
  ] as const;
  for (const [field, value, check] of checks) {
    if (value === undefined || value === '') continue;
    const checked = check(value);
    if ('error' in checked) detail.push({ loc: ['body', field], msg: checked.error, type: 'value_error' });
    else out[field] = checked.value;
  }
  const senderIban = body.invoiceSender?.iban;
  if (senderIban && 'error' in checkIban(senderIban)) detail.push({ loc: ['body', 'invoiceSender', 'iban'], msg: 'Invalid IBAN.', type: 'value_error' });
  if (detail.length > 0) throw new AppError(422, 'validation_error', 'Validation error', detail);
  return out;
}
