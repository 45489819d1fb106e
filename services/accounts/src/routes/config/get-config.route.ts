import { ApiResponse, Config, effectiveRoles, ok, type AdminRole } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { AccountsContext } from '../../context';
import { currentUser } from '../../identity/guards';
import { registerOf } from '../../identity/registers';
import { getSettings } from '../../settings';

/**
 * The configuration the client starts with (SPEC 3). Capabilities are read from the database, not the token, so an
 * administrator's change to a register shows on the next load.
 */
export default function getConfig(app: ServiceApp, ctx: AccountsContext) {
  app.get(
    '/api/config/',
    { onRequest: app.authenticate,
      // Open while two-factor enrolment is required and not done (requireTfa).
      config: { beforeTfaEnrolment: true }, schema: { tags: ['auth'], summary: 'Configuration for the signed-in user', response: { 200: ApiResponse(Config) } } },
    async (request) => {
      const user = await currentUser(app, request);
      const [settings, register] = await Promise.all([getSettings(app.db, ctx.now()), registerOf(app.db, user)]);
      const accountId = user.accountId ? String(user.accountId) : null;
      const viaductUserId = user.viaductUserId ?? null;
      return ok({
        aprilFoolsEnabled: settings.aprilFoolsEnabled,
        posWrappedAvailable: settings.posWrappedAvailable,
        requireTfa: settings.requireTfa,
        requireSettingAccountPin: settings.requireSettingAccountPin,
        accountUpgradeMinAmount: settings.accountUpgradeMinAmount,
        user: { id: String(user._id), username: user.username, accountId, viaductUserId, isAdmin: user.isAdmin ?? false, roles: effectiveRoles({ isAdmin: user.isAdmin, roles: user.roles as AdminRole[] | null | undefined }), displayName: user.displayName ?? null },
        register,
        acceptedCurrentCondition: (user.acceptedConditionVersion ?? 0) === settings.conditionsVersion,
        showAccountRequest: accountId === null && (viaductUserId !== null || register.capabilities.includes('PAYMENT_ACCOUNT_SELF')),
        tfaEnabled: user.tfaEnabled ?? false,
        refreshMs: ctx.env.CLIENT_REFRESH_MS,
        ageCheck: settings.ageCheck,
      });
    },
  );
}
