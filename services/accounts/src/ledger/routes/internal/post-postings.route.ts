import { ApiResponse, ok, PostingRequest, PostingResult, type PostingTarget } from '@kassa/contracts';
import { AppError, type ServiceApp } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import type { AccountsContext } from '../../../context';
import { cardSecretModel } from '../../models/card-secret.model';
import { userModel } from '../../../identity/models/user.model';
import { hashCardSecret } from '../../pins/secrets';
import { noLinkedAccount } from '../account/get-account.route';
import { assertPinSetIfRequired } from '../../pins/pin-required';
import { assertAdult } from '../../age/adult-check';

async function resolveAccountId(db: Connection, pepper: string, target: PostingTarget): Promise<string> {
  if ('accountId' in target) return target.accountId;
  if ('userId' in target) {
    const user = await userModel(db).findById(target.userId, { accountId: 1 }).lean();
    if (!user?.accountId) throw noLinkedAccount();
    await assertPinSetIfRequired(db, String(user.accountId));
    return String(user.accountId);
  }
  const card = await cardSecretModel(db).findOne({ hash: hashCardSecret(pepper, target.cardSecret) }, { accountId: 1 }).lean();
  if (!card) throw new AppError(404, 'unknown_card_secret', 'Unknown card, connect your account');
  return String(card.accountId);
}

/**
 * THE way money moves (ARCHITECTURE.md): one idempotent posting on an account named by id, by its user, or by a
 * member card. With checkPin the account's PIN must match, under the lock-out.
 */
export default function postPostings(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/internal/ledger/postings',
    { onRequest: app.requireInternal, schema: { hide: true, body: PostingRequest, response: { 200: ApiResponse(PostingResult) } } },
    async (request) => {
      const body = request.body;
      const accountId = await resolveAccountId(app.db, ctx.env.PIN_PEPPER, body.target);
      if (body.adultOn && body.amount < 0) await assertAdult(app.db, accountId, body.adultOn);
      const result = await ctx.ledger.post(
        { accountId, amount: body.amount, key: body.key, kind: body.kind, ref: body.ref, description: body.description, allowNegative: body.allowNegative },
        body.checkPin ? (account) => ctx.pins.check(account, body.pin, body.registerId ?? null) : undefined,
      );
      if (!result.replay) request.log.info({ accountId, key: body.key, amount: body.amount, seq: result.seq, kind: body.kind }, 'posted');
      return ok(result);
    },
  );
}
