import { AdminSettings, ApiResponse, ok, TERMS_NOTICE_DAYS, TermsAnnouncementBody } from '@kassa/contracts';
import { addDays, AppError, localDay, type ServiceApp } from '@kassa/service-kit';
import { Types } from 'mongoose';
import { userModel } from '../../identity/models/user.model';
import { auditActor } from '../../ledger/audit/audit';
import type { AccountsContext } from '../../context';
import { SETTINGS_KEY, settingsModel } from '../../models/settings.model';
import { NOTICE_USER_FIELDS, type NoticeUser } from '../../notices/notices';
import { getSettings } from '../../settings';
import { publishSettings } from '../../identity/security/rights';

const TZ = 'Europe/Amsterdam';

/**
 * POST /api/admin/settings/terms: announces new terms (SPEC 1: changes are announced 14 days ahead, with 14 days to
 * object). Every user with an account or an address gets the 'terms.changed' notice now (keyed by version and user: a
 * repeat tells nobody twice); from `effectiveOn` the next version is in force and everyone accepts it again at their
 * next page load, as when terms are published at once. One announcement waits at a time.
 */
export default function postSettingsTerms(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/api/admin/settings/terms',
    { onRequest: app.requireRole('board'), schema: { tags: ['admin'], summary: 'Announce new terms 14 days or more ahead', body: TermsAnnouncementBody, response: { 200: ApiResponse(AdminSettings) } } },
    async (request) => {
      const { summary, effectiveOn } = request.body;
      const now = ctx.now();
      const earliest = addDays(localDay(now, TZ), TERMS_NOTICE_DAYS);
      if (effectiveOn < earliest) {
        const msg = `New terms take effect at least ${TERMS_NOTICE_DAYS} days after they are announced: choose ${earliest} or later.`;
        throw new AppError(422, 'validation_error', msg, [{ loc: ['body', 'effectiveOn'], msg, type: 'value_error' }]);
      }
      const before = await getSettings(app.db, now);
      const waiting = before.termsAnnouncement;
      if (waiting && waiting.effectiveOn > localDay(now, TZ)) throw new AppError(409, 'conflict', `Terms version ${waiting.version} are announced already, in force from ${waiting.effectiveOn}: wait until then to announce more.`);
      const version = before.conditionsVersion + 1;
      const users = (await userModel(app.db).find({ $or: [{ accountId: { $ne: null } }, { email: { $nin: [null, ''] } }] }, NOTICE_USER_FIELDS).lean()) as NoticeUser[];
      const announcement = { version, effectiveOn, summary, announcedAt: now, told: users.length };
      const after = await ctx.audit.audited(
        { actor: auditActor(request.user), action: 'terms.announce', entity: 'settings', entityId: SETTINGS_KEY, before: { termsAnnouncement: waiting }, after: { termsAnnouncement: { ...announcement, announcedAt: now.toISOString() } }, expect: { termsAnnouncement: { version, effectiveOn } }, at: now },
        request.log,
        async () => {
          await settingsModel(app.db).updateOne({ key: SETTINGS_KEY }, { $set: { termsAnnouncement: announcement } });
          await publishSettings(app);
          return getSettings(app.db, now);
        },
      );
      for (const user of users) {
        await ctx.notices
          .queue({ key: `terms.changed:${version}:${String(user._id)}`, kind: 'terms.changed', user, accountId: user.accountId ? new Types.ObjectId(String(user.accountId)) : null, data: { effectiveOn, summary } })
          .catch((err: unknown) => request.log.warn({ err: (err as Error).message, user: String(user._id) }, 'terms notice not queued'));
      }
      return ok(after);
    },
  );
}
