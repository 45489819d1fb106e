import { ApiResponse, ok, ReaderRegisterBody, ReaderRegisterResult } from '@kassa/contracts';
import { AppError, isDuplicateKey, type ServiceApp } from '@kassa/service-kit';
import { auditActor } from '../../audit/audit';
import type { AccountsContext } from '../../../context';
import { requireAnyCapability } from '../../../identity/guards';
import { accountModel } from '../../models/account.model';
import { cardSecretModel } from '../../models/card-secret.model';
import { hashCardSecret } from '../../pins/secrets';

/**
 * Links a member card to an account after the account's PIN is checked (same lock-out as paying). A card already
 * linked elsewhere moves to this account. The secret is stored only as a peppered hash and never answered.
 */
export default function postReaderRegister(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/api/reader/register/',
    {
      onRequest: requireAnyCapability(app, 'PAYMENT_ACCOUNT_AUTHED', 'PAYMENT_ACCOUNT_OTHER'),
      schema: { tags: ['accounts'], summary: 'Link a card to an account', body: ReaderRegisterBody, response: { 200: ApiResponse(ReaderRegisterResult) } },
    },
    async (request) => {
      const { cardSecret, accountId, pin } = request.body;
      const hash = hashCardSecret(ctx.env.PIN_PEPPER, cardSecret);
      const CardSecret = cardSecretModel(app.db);
      // The entry written ahead names the card's account as it is now; the change says what it was under the lock.
      const ahead = await CardSecret.findOne({ hash }, { accountId: 1 }).lean();
      const entry = {
        actor: auditActor(request.user),
        action: ahead ? 'card.move' : 'card.link',
        entity: 'account',
        entityId: accountId,
        before: ahead ? { accountId: String(ahead.accountId) } : null,
        after: { accountId },
        // It happened when the card names this account (the check looks the card up; the hash is never delivered).
        expect: { card: hash },
        at: ctx.now(),
      };
      const link = () => ctx.ledger.lock(accountId, async () => {
        const found = await accountModel(app.db).findById(accountId, { name: 1, type: 1, pinHash: 1, pinSalt: 1 }).lean();
        if (!found || found.type === 'system') throw new AppError(404, 'not_found', 'Account not found.');
        await ctx.pins.check({ _id: found._id, pinHash: found.pinHash ?? null, pinSalt: found.pinSalt ?? null }, pin);
        const before = await CardSecret.findOne({ hash }, { accountId: 1 }).lean();
        await CardSecret.updateOne({ hash }, { $set: { accountId: found._id } }, { upsert: true }).catch(async (err: unknown) => {
          // The same card was presented at two tills at once: the other one created the link, move it.
          if (!isDuplicateKey(err)) throw err;
          await CardSecret.updateOne({ hash }, { $set: { accountId: found._id } });
        });
        return { account: found, previous: before ? String(before.accountId) : null };
      });
      const { account } = await ctx.audit.audited(entry, request.log, link, ({ previous }) => ({
        action: previous ? 'card.move' : 'card.link',
        before: previous ? { accountId: previous } : null,
      }));
      return ok({ accountId, accountName: account.name });
    },
  );
}
