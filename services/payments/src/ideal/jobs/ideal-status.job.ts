import { IDEAL_FINAL_STATUSES, type IdealPaymentStatus, PostingResult } from '@kassa/contracts';
import { AppError, type InternalClient } from '@kassa/service-kit';
import type { Queue } from 'bullmq';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { IdealProvider, ProviderPayment } from '../ideal-provider';
import { IdealDays } from '../ideal-days';
import { idealPaymentModel, type IdealPaymentDoc } from '../models/ideal-payment.model';

export const IDEAL_STATUS_QUEUE = 'ideal-status';

export interface IdealStatusData {
  paymentId: string;
}

/** A member waiting on /account asks every second; the provider is asked at most once per this window for it. */
export const RECHECK_WINDOW_MS = 15_000;

/**
 * Asks for a status check of a payment. Every callback gets its own job: a callback may announce a change that a
 * check already running has not seen yet. `dedupe` (a member waiting on the page, the worker's start-up sweep) adds
 * at most one job per payment and RECHECK_WINDOW_MS: the job id holds the window, and kept jobs block repeats.
 */
export async function enqueueIdealCheck(
  queue: Queue<IdealStatusData>,
  paymentId: string,
  opts: { dedupe?: boolean; now?: number } = {},
): Promise<void> {
  if (!opts.dedupe) {
    await queue.add('check', { paymentId });
    return;
  }
  const window = Math.floor((opts.now ?? Date.now()) / RECHECK_WINDOW_MS);
  await queue.add('check', { paymentId }, { jobId: `recheck-${paymentId}-${window}`, removeOnComplete: { age: 3600, count: 1000 }, removeOnFail: { age: 3600 } });
}

const FINAL = new Set<IdealPaymentStatus>(IDEAL_FINAL_STATUSES);

export interface IdealStatusDeps {
  db: Connection;
  provider: IdealProvider;
  accounts: InternalClient;
  log: Logger;
  now?: () => Date;
}

/**
 * Brings a payment up to date with the provider and credits a paid one through the ledger. Safe to run any number of
 * times, also at once: the posting key `ideal:<paymentId>` lets the ledger credit it exactly once, and a final status
 * is never replaced by an earlier one.
 */
export function idealStatusProcessor(deps: IdealStatusDeps) {
  const settle = idealSettler(deps);
  return async (job: { data: IdealStatusData }): Promise<string> => settle(job.data.paymentId);
}

/**
 * The status check itself, for the job and for the treasurer's "Check again" (ideal/routes/admin/post-ideal-check.route.ts):
 * `known` is what the provider answered when the caller asked already. Answers `credited`, `unknown`, `refused`,
 * `amount-mismatch` or the provider's status.
 */
export function idealSettler(deps: IdealStatusDeps) {
  const now = deps.now ?? (() => new Date());
  const Payment = idealPaymentModel(deps.db);

  return async (paymentId: string, known?: ProviderPayment): Promise<string> => {
    const payment = (await Payment.findById(paymentId).lean()) as IdealPaymentDoc | null;
    if (!payment?.providerId) return 'unknown';
    if (payment.creditedAt) return 'credited';

    // A provider that cannot be reached throws: BullMQ tries again with back-off.
    const remote = known ?? (await deps.provider.getPayment(payment.providerId));
    if (remote.amount !== payment.amount) {
      deps.log.error({ paymentId, expected: payment.amount, provider: remote.amount }, 'iDEAL amount differs from the payment; not credited');
      await Payment.updateOne({ _id: payment._id }, { $set: { error: `The provider reports ${remote.amount} cents instead of ${payment.amount}.` } });
      return 'amount-mismatch';
    }

    if (remote.status !== 'paid') {
      if (remote.status !== payment.status && !FINAL.has(payment.status as IdealPaymentStatus)) {
        await Payment.updateOne({ _id: payment._id, status: { $nin: [...FINAL] } }, { $set: { status: remote.status } });
        await new IdealDays(deps.db).changed(payment.day);
      }
      return remote.status;
    }

    if (payment.status !== 'paid') {
      await Payment.updateOne({ _id: payment._id }, { $set: { status: 'paid', paidAt: remote.paidAt ?? now() } });
      await new IdealDays(deps.db).changed(payment.day);
    }
    let posted: PostingResult;
    try {
      posted = await deps.accounts('/internal/ledger/postings', PostingResult, {
        body: {
          target: { accountId: payment.accountId },
          amount: payment.amount,
          key: `ideal:${paymentId}`,
          kind: 'ideal',
          ref: paymentId,
          description: 'Online top-up (iDEAL)',
        },
      });
    } catch (err) {
      if (err instanceof AppError && err.statusCode >= 400 && err.statusCode < 500 && err.identifier !== 'retry_later') {
        // The ledger will never take it (the account was removed): keep the reason for the treasurer and stop.
        deps.log.error({ paymentId, err: err.message }, 'paid iDEAL payment refused by the ledger');
        await Payment.updateOne({ _id: payment._id }, { $set: { error: err.message } });
        return 'refused';
      }
      throw err;
    }
    await Payment.updateOne({ _id: payment._id }, { $set: { creditedAt: now(), error: null } });
    if (!posted.replay) deps.log.info({ paymentId, accountId: payment.accountId, amount: payment.amount, seq: posted.seq }, 'iDEAL top-up credited');
    return 'credited';
  };
}
