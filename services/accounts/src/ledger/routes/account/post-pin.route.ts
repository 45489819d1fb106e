import { ApiResponse, ok, SetPinBody, SetPinResult } from '@kassa/contracts';
import { AppError, type ServiceApp } from '@kassa/service-kit';
import { auditActor } from '../../audit/audit';
import type { AccountsContext } from '../../../context';
import { currentUser } from '../../../identity/guards';
import { accountModel } from '../../models/account.model';
import { clientAddress } from '../../../identity/security/client-address';
import { checkPassword } from '../../../identity/security/passwords';
import type { PinAccount } from '../../pins/pin-guard';
import { hashPin } from '../../pins/secrets';
import { noLinkedAccount } from './get-account.route';

/**
 * A PIN that is set is changed only with the PIN itself (counted like a PIN at the till, under the same lock-out) or
 * the user's password (counted like a sign-in, under the same failed sign-in limits per username and address), so
 * someone holding a signed-in phone cannot take over the account at the bar, nor guess the password here unlimited.
 */
async function proveCurrent(
  ctx: AccountsContext,
  account: PinAccount,
  user: { username: string; passwordHash?: string | null },
  address: string | null,
  current: string | undefined,
) {
  const given = current?.trim() ?? '';
  if (given === '') throw new AppError(422, 'validation_error', 'Validation error', [{ loc: ['body', 'current'], msg: 'Enter your current PIN code or your password.', type: 'value_error' }]);
  if (/^\d{4}$/.test(given)) return ctx.pins.check(account, given);
  const attempt = await ctx.logins.claim(user.username, address);
  if (!(await checkPassword(given, user.passwordHash))) {
    await ctx.logins.failed(attempt);
    throw new AppError(400, 'invalid_credentials', 'That is not your current PIN code or password.');
  }
  await ctx.logins.release(attempt);
}

/** Sets the PIN of the user's own account; a new PIN also lifts a lock-out. */
export default function postPin(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/api/account/pin',
    { onRequest: app.authenticate, schema: { tags: ['accounts'], summary: 'Set own account PIN', body: SetPinBody, response: { 200: ApiResponse(SetPinResult) } } },
    async (request) => {
      const user = await currentUser(app, request);
      if (!user.accountId) throw noLinkedAccount();
      const accountId = user.accountId;
      // Whether it had a PIN is known once the change is made (under the account's lock).
      const entry = { actor: auditActor(request.user), action: 'account.pin.set', entity: 'account', entityId: String(accountId), before: { hasPin: null }, after: { hasPin: true }, at: ctx.now() };
      const setPin = () => ctx.ledger.lock(String(accountId), async () => {
        const account = await accountModel(app.db).findById(accountId, { pinHash: 1, pinSalt: 1 }).lean();
        if (!account) throw noLinkedAccount();
        if (account.pinHash) {
          const pinAccount = { _id: account._id, pinHash: account.pinHash, pinSalt: account.pinSalt ?? null };
          await proveCurrent(ctx, pinAccount, user, clientAddress(request.headers), request.body.current);
        }
        await accountModel(app.db).updateOne({ _id: accountId }, { $set: hashPin(ctx.env.PIN_PEPPER, request.body.pin) });
        await ctx.pins.reset(accountId);
        ctx.ledger.forget(String(accountId));
        return Boolean(account.pinHash);
      });
      await ctx.audit.audited(entry, request.log, setPin, (hadPin) => ({ before: { hasPin: hadPin } }));
      return ok({ hasPin: true });
    },
  );
}
