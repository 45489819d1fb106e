import { ApiResponse, ok, SetPinBody, SetPinResult } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { auditWho, writeAudit } from '../../audit';
import type { AccountsContext } from '../../context';
import { currentUser } from '../../guards';
import { accountModel } from '../../models/account.model';
import { hashPin } from '../../security/secrets';
import { noLinkedAccount } from './get-account.route';

/** Sets the PIN of the user's own account; a new PIN also lifts a lock-out. */
export default function postPin(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/api/account/pin',
    { preHandler: app.authenticate, schema: { tags: ['accounts'], summary: 'Set own account PIN', body: SetPinBody, response: { 200: ApiResponse(SetPinResult) } } },
    async (request) => {
      const user = await currentUser(app, request);
      if (!user.accountId) throw noLinkedAccount();
      const accountId = user.accountId;
      const hadPin = await ctx.ledger.lock(String(accountId), async () => {
        const account = await accountModel(app.db).findById(accountId, { pinHash: 1 }).lean();
        if (!account) throw noLinkedAccount();
        await accountModel(app.db).updateOne({ _id: accountId }, { $set: hashPin(ctx.env.PIN_PEPPER, request.body.pin) });
        await ctx.pins.reset(accountId);
        ctx.ledger.forget(String(accountId));
        return Boolean(account.pinHash);
      });
      await writeAudit(app.db, {
        who: auditWho(request.user),
        action: 'account.pin.set',
        entityType: 'account',
        entityId: String(accountId),
        before: { hasPin: hadPin },
        after: { hasPin: true },
        at: ctx.now(),
      });
      return ok({ hasPin: true });
    },
  );
}
