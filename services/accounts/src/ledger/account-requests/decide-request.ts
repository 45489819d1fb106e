import type { AccountRequestDecisionBody } from '@kassa/contracts';
import { AppError, isDuplicateKey, localDay, notFound, type AuditWarnLogger } from '@kassa/service-kit';
import { mandateIdFor } from '../accounts-admin/mandate';
import type { Connection } from 'mongoose';
import type { AccountsContext } from '../../context';
import { accountModel } from '../models/account.model';
import { accountRequestDecisionModel, accountRequestModel, type AccountRequestDoc } from '../models/account-request.model';
import { userModel } from '../../identity/models/user.model';
import { NOTICE_USER_FIELDS, queueNotice } from '../../notices/notices';

export interface Actor {
  userId: string;
  username: string;
}

/**
 * The board approves or rejects a request. Every step is idempotent, so a repeated call (a double click, a retry after
 * a crash half-way) finishes what is missing and answers the same result:
 * 1. the decision is stored once (unique requestId): the first decision wins, a different one later answers 409;
 * 2. on approval the account is created with the request's id as its own (a second insert is a duplicate key), with
 *    the name, credit flag, IBAN/BIC and the PIN the member chose, and linked to the user;
 * 3. the request records the decision, and one audit entry (keyed by the request) says who decided what;
 * 4. the member gets a mail saying so (a notice keyed by the request, so a repeat mails nothing more).
 */
export async function decideAccountRequest(
  db: Connection,
  ctx: AccountsContext,
  requestId: string,
  body: AccountRequestDecisionBody,
  actor: Actor,
  log: AuditWarnLogger,
): Promise<AccountRequestDoc> {
  const AccountRequest = accountRequestModel(db);
  const Decision = accountRequestDecisionModel(db);
  const request = (await AccountRequest.findById(requestId).lean()) as AccountRequestDoc | null;
  if (!request) throw notFound('Account request not found.');

  if (body.status === 'approved') {
    const user = await userModel(db).findById(request.userId, { accountId: 1 }).lean();
    if (!user) throw new AppError(409, 'conflict', 'The user of this request no longer exists.');
    if (user.accountId && String(user.accountId) !== String(request._id)) {
      throw new AppError(409, 'conflict', `${request.username} already has an account.`);
    }
  }

  const now = ctx.now();
  let decision: { status: string; note?: string | null; at: Date; by?: { username?: string | null } | null };
  try {
    decision = (
      await Decision.create({ requestId: request._id, status: body.status, note: body.note || null, by: actor, at: now })
    ).toObject();
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    const stored = await Decision.findOne({ requestId: request._id }).lean();
    if (!stored) throw err;
    decision = stored;
  }
  if (decision.status !== body.status) {
    throw new AppError(409, 'conflict', `This request was already ${decision.status}.`);
  }

  const accountId = body.status === 'approved' ? request._id : null;
  const decidedBy = decision.by?.username ?? actor.username;
  const after = {
    status: decision.status,
    note: decision.note ?? null,
    ...(accountId
      ? { accountId: String(accountId), name: request.name, creditAccount: request.creditAccount, iban: request.creditAccount ? request.iban : null, userId: String(request.userId) }
      : {}),
  };
  await ctx.audit.audited(
    {
      key: `account_request.decision:${String(request._id)}`,
      actor: { id: actor.userId, username: actor.username },
      action: body.status === 'approved' ? 'account_request.approve' : 'account_request.reject',
      entity: 'account_request',
      entityId: String(request._id),
      before: { status: 'pending' },
      after,
      // It happened when the request carries the decision (its last step).
      expect: { status: decision.status },
      at: decision.at,
    },
    log,
    async () => {
      if (accountId) {
        try {
          await accountModel(db).create({
            _id: accountId,
            name: request.name,
            type: 'member',
            creditAccount: request.creditAccount,
            iban: request.creditAccount ? request.iban : null,
            bic: request.creditAccount ? request.bic : null,
            // The member agreed to the direct debit with the request: that is the mandate, signed on the request's day.
            mandateId: request.creditAccount ? mandateIdFor(String(request._id)) : null,
            mandateSignedAt: request.creditAccount ? localDay(request.createdAt ?? now, 'Europe/Amsterdam') : null,
            pinHash: request.pinHash,
            pinSalt: request.pinSalt,
            userId: request.userId,
            balance: 0,
            headSeq: 0,
          });
        } catch (err) {
          if (!isDuplicateKey(err)) throw err;
        }
        await userModel(db).updateOne({ _id: request.userId }, { $set: { accountId } });
        ctx.directory.invalidate();
        ctx.ledger.forget(String(accountId));
      }

      await AccountRequest.updateOne(
        { _id: request._id },
        { $set: { status: decision.status, note: decision.note ?? null, decidedAt: decision.at, decidedBy, accountId }, $unset: { openFor: 1 } },
      );
    },
  );
  await tellMember(db, ctx, request, decision.status === 'approved' ? 'approved' : 'rejected', decision.note ?? null, log);
  return { ...request, status: decision.status, note: decision.note ?? null, decidedAt: decision.at, decidedBy, accountId };
}

/**
 * The decision's mail. It is no part of the decision: a notice that cannot be recorded or queued now (the database or
 * Redis away) is logged, and the board's answer stands; a recorded one the queue missed goes out when the worker
 * starts next (notices-worker.ts), and deciding again queues it again.
 */
async function tellMember(db: Connection, ctx: AccountsContext, request: AccountRequestDoc, status: 'approved' | 'rejected', note: string | null, log: AuditWarnLogger) {
  try {
    const user = await userModel(db).findById(request.userId, NOTICE_USER_FIELDS).lean();
    if (!user) return;
    const key = `account_request.${status}:${String(request._id)}`;
    if (status === 'approved') {
      await queueNotice(ctx, { key, kind: 'account_request.approved', user, accountId: request._id, data: { accountName: request.name, creditAccount: request.creditAccount } });
    } else {
      await queueNotice(ctx, { key, kind: 'account_request.rejected', user, accountId: null, data: { note } });
    }
  } catch (err) {
    log.warn({ err: (err as Error).message, requestId: String(request._id) }, 'account request notice not queued');
  }
}
