import { startQueueWorker, type QueueLog } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import type { Transporter } from 'nodemailer';
import type { AccountsEnv } from '../../config';
import { sendDebtReminders } from '../debt-reminders';
import { runDormantRound } from '../../dormant/dormant';
import { createMailer } from '../mailer';
import { Notices } from '../notices';
import { noticeModel } from '../models/notice.model';
import { NOTICE_JOB_OPTIONS, NOTICES_QUEUE, noticeJobId, sendNoticeProcessor, type NoticeJobData } from './send-notice.job';

export interface NoticesWorkerDeps {
  now?: () => Date;
  /** Replaces the SMTP connection made from SMTP_URL. */
  transport?: Pick<Transporter, 'sendMail' | 'close'>;
}

/**
 * The notices' sender (src/worker.ts runs it beside the ledger jobs; tests run it in-process). On start it queues again
 * every recorded notice that has an address and was not sent (one whose queueing failed, Redis being away): the job id
 * is the notice's key, so a notice with a job already waiting is not queued twice.
 */
export async function startNoticesWorker(env: AccountsEnv, db: Connection, log: QueueLog, deps: NoticesWorkerDeps = {}) {
  const transport = deps.transport ?? createMailer(env);
  const now = deps.now ?? (() => new Date());
  const notices = new Notices(db, env, log, now);
  // The reminders after a failed direct debit, looked for every hour by one replica (a job scheduler); their keys
  // make a second look remind nobody twice.
  const reminders = await startQueueWorker(DEBT_REMINDERS_QUEUE, env, log, {
    processor: () => async () => sendDebtReminders({ db, notices, now }),
    worker: { concurrency: 1 },
    resume: async (queue) => {
      await queue.upsertJobScheduler(DEBT_REMINDERS_SCHEDULER, { every: 3_600_000 }, { name: 'debt-reminders', data: {}, opts: { attempts: 1, removeOnComplete: { count: 20 }, removeOnFail: { count: 20 } } });
    },
    onClose: async () => notices.close(),
  });
  // The dormant-account round (issue 48 §5), looked at every day by one replica: its notices are keyed by month and
  // account, so a second look tells nobody twice.
  const dormant = await startQueueWorker(DORMANT_QUEUE, env, log, {
    processor: () => async () => runDormantRound({ db, notices, now }),
    worker: { concurrency: 1 },
    resume: async (queue) => {
      await queue.upsertJobScheduler(DORMANT_SCHEDULER, { every: 86_400_000 }, { name: 'dormant-round', data: {}, opts: { attempts: 1, removeOnComplete: { count: 20 }, removeOnFail: { count: 20 } } });
    },
  });
  const sender = await startQueueWorker<NoticeJobData>(NOTICES_QUEUE, env, log, {
    processor: () => sendNoticeProcessor({ db, transport, from: env.MAIL_FROM, now }),
    worker: { concurrency: 4 },
    resume: async (queue) => {
      const unsent = await noticeModel(db).find({ sentAt: null, to: { $ne: null } }, { key: 1 }).lean();
      for (const { key } of unsent) await queue.add('send', { key }, { ...NOTICE_JOB_OPTIONS, jobId: noticeJobId(key) });
    },
    onClose: async () => transport.close(),
  });
  return {
    ...sender,
    async close() {
      await reminders.close();
      await dormant.close();
      await sender.close();
    },
  };
}

export const DEBT_REMINDERS_QUEUE = 'debt-reminders';
export const DORMANT_QUEUE = 'dormant-round';
const DORMANT_SCHEDULER = 'dormant-round-schedule';
const DEBT_REMINDERS_SCHEDULER = 'debt-reminders-schedule';
