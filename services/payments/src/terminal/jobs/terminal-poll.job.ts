import type { CardOutcomeRequest } from '@kassa/contracts';
import { AppError, type InternalClient } from '@kassa/service-kit';
import { DelayedError, type Job, type Queue } from 'bullmq';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { PaymentsEnv } from '../../config';
import { cardTransactionModel, type CardTransactionDoc } from '../models/card-transaction.model';
import type { CardTerminal, TerminalStatus } from '../card-terminal';

export const TERMINAL_POLL_QUEUE = 'terminal-poll';

export interface TerminalPollData {
  transactionId: string;
  /** Failed reports to checkout so far, for the back-off. */
  reportAttempts?: number;
}

const OPEN = new Set(['initializing', 'pending']);

/** One job per card payment; BullMQ ids may not hold ':'. */
export const pollJobId = (transactionId: string) => `poll-${transactionId}`;

/**
 * Makes sure a card payment has its polling job: a new one, a failed one retried, a finished one replaced. Jobs live in
 * Redis, so they outlast a worker restart; this is for payments whose job was lost or gave up.
 */
export async function ensurePollJob(queue: Queue<TerminalPollData>, transactionId: string, delayMs: number): Promise<void> {
  const id = pollJobId(transactionId);
  const existing = await queue.getJob(id);
  if (existing) {
    const state = await existing.getState();
    if (state === 'failed') return existing.retry();
    if (state !== 'completed' && state !== 'unknown') return;
    await existing.remove();
  }
  await queue.add('poll', { transactionId }, { jobId: id, delay: delayMs });
}

export interface TerminalPollDeps {
  env: PaymentsEnv;
  db: Connection;
  terminal: CardTerminal;
  checkout: InternalClient;
  log: Logger;
  now?: () => number;
}

/** Back-off for reports to checkout: 1 s doubling up to a minute, for as long as it takes. */
export const reportDelay = (attempts: number) => Math.min(60_000, 1000 * 2 ** Math.min(attempts, 6));

/**
 * Polls the terminal every TERMINAL_POLL_MS until the payment is final (or expired), then reports the outcome to
 * checkout until checkout accepts it. Waiting is done by moving the job back to delayed, so no worker slot is held.
 */
export function terminalPollProcessor(deps: TerminalPollDeps) {
  const now = deps.now ?? Date.now;
  const CardTx = cardTransactionModel(deps.db);

  const later = async (job: Job<TerminalPollData>, token: string | undefined, delayMs: number): Promise<never> => {
    await job.moveToDelayed(now() + delayMs, token);
    throw new DelayedError();
  };

  return async (job: Job<TerminalPollData>, token?: string): Promise<string> => {
    const { transactionId } = job.data;
    let ct = (await CardTx.findOne({ transactionId }).lean()) as CardTransactionDoc | null;
    if (!ct?.terminalRef) {
      deps.log.warn({ transactionId }, 'poll job for a card payment that was never started');
      return 'not-started';
    }

    if (OPEN.has(ct.status)) {
      let next: TerminalStatus;
      try {
        next = await deps.terminal.status(ct.terminalRef);
      } catch (err) {
        deps.log.warn({ transactionId, err: (err as Error).message }, 'card terminal status failed; asking again');
        next = { status: 'pending', error: null };
      }
      if (OPEN.has(next.status) && now() - new Date(ct.createdAt).getTime() > deps.env.TERMINAL_EXPIRE_MS) {
        next = { status: 'expired', error: null };
      }
      if (OPEN.has(next.status)) return later(job, token, deps.env.TERMINAL_POLL_MS);
      await CardTx.updateOne({ _id: ct._id, status: { $in: ['initializing', 'pending'] } }, { $set: { status: next.status, error: next.error } });
      ct = (await CardTx.findById(ct._id).lean()) as CardTransactionDoc;
    }

    if (ct.reportedAt) return ct.status;
    const outcome: CardOutcomeRequest = { status: ct.status as CardOutcomeRequest['status'], error: ct.error ?? null };
    try {
      // Only the acknowledgement counts: the sale's result is the till's to read, through finish.
      await deps.checkout(`/internal/transactions/${transactionId}/card-outcome`, z.unknown(), { body: outcome });
    } catch (err) {
      if (err instanceof AppError && err.statusCode >= 400 && err.statusCode < 500 && err.identifier !== 'retry_later') {
        // Checkout will never accept this report (it does not know the sale); keep the reason and stop.
        deps.log.error({ transactionId, err: err.message }, 'checkout refused the card outcome');
        await CardTx.updateOne({ _id: ct._id }, { $set: { reportedAt: new Date(now()), reportError: err.message } });
        return 'refused';
      }
      const attempts = (job.data.reportAttempts ?? 0) + 1;
      deps.log.warn({ transactionId, attempts, err: (err as Error).message }, 'could not report card outcome; retrying');
      await job.updateData({ ...job.data, reportAttempts: attempts });
      return later(job, token, reportDelay(attempts));
    }
    await CardTx.updateOne({ _id: ct._id }, { $set: { reportedAt: new Date(now()) } });
    return ct.status;
  };
}
