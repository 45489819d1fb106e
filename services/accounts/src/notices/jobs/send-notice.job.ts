import { isDuplicateKey } from '@kassa/service-kit';
import type { JobsOptions, Processor } from 'bullmq';
import type { Connection } from 'mongoose';
import type { Transporter } from 'nodemailer';
import { noticeModel, noticeSendModel } from '../models/notice.model';

export const NOTICES_QUEUE = 'notices';

export interface NoticeJobData {
  key: string;
}

/** BullMQ refuses ':' in a custom job id; the notice key keeps its colons everywhere else. */
export const noticeJobId = (key: string) => key.replaceAll(':', '|');

/**
 * Fourteen tries, two seconds apart at first and doubling: the last about four and a half hours after the one before
 * it, nine hours in all, so a mail server away for a night's maintenance still gets the notice.
 */
export const NOTICE_JOB_OPTIONS: JobsOptions = {
  attempts: 14,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 30 * 24 * 3600 },
};

export type SendOutcome = 'sent' | 'already_sent' | 'claimed' | 'no_address' | 'missing';

export interface SendDeps {
  db: Connection;
  transport: Pick<Transporter, 'sendMail'>;
  from: string;
  now: () => Date;
}

/**
 * Sends one notice at most once. The send is claimed by inserting `send:<key>` (unique `_id`) before the mail server
 * hears of it, so two workers on the same notice never both send (a conditional update would not do: FerretDB reads,
 * then writes). A failed send removes the claim, counts the try and throws, so BullMQ tries again later.
 * [ferretdb:no-atomic-update]
 */
export async function sendNotice({ db, transport, from, now }: SendDeps, key: string): Promise<SendOutcome> {
  const Notice = noticeModel(db);
  const notice = await Notice.findOne({ key }).lean();
  if (!notice) return 'missing';
  if (notice.sentAt) return 'already_sent';
  if (!notice.to) return 'no_address';
  const claim = `send:${key}`;
  try {
    await noticeSendModel(db).create({ _id: claim, at: now() });
  } catch (err) {
    if (isDuplicateKey(err)) return 'claimed';
    throw err;
  }
  try {
    await transport.sendMail({ from, to: notice.to, subject: notice.subject, text: notice.text, headers: { 'X-Kassa-Notice': key } });
  } catch (err) {
    const message = (err as Error).message.slice(0, 500);
    await noticeSendModel(db).deleteOne({ _id: claim });
    await Notice.updateOne({ key }, { $inc: { tries: 1 }, $set: { lastError: message } });
    throw err;
  }
  await Notice.updateOne({ key }, { $inc: { tries: 1 }, $set: { sentAt: now(), lastError: null } });
  return 'sent';
}

export const sendNoticeProcessor =
  (deps: SendDeps): Processor<NoticeJobData> =>
  async (job) =>
    sendNotice(deps, job.data.key);
