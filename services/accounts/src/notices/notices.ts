import type { MailLanguage, NoticeKind, NoticeView } from '@kassa/contracts';
import { createQueue, createRedis, isDuplicateKey, redisReady, type QueueLog } from '@kassa/service-kit';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { Types, type Connection } from 'mongoose';
import type { AccountsEnv } from '../config';
import { userModel } from '../identity/models/user.model';
import { NOTICE_JOB_OPTIONS, NOTICES_QUEUE, noticeJobId, type NoticeJobData } from './jobs/send-notice.job';
import { noticeModel, type NoticeDoc } from './models/notice.model';
import { renderNotice, type NoticeData } from './templates/templates';

/** The member a notice is for, as the users collection has them. */
export interface NoticeUser {
  _id: Types.ObjectId | string;
  username: string;
  displayName?: string | null;
  email?: string | null;
  language?: string | null;
  accountId?: Types.ObjectId | string | null;
}

/** What a notice needs of its user (NoticeUser), as a projection of the users collection. */
export const NOTICE_USER_FIELDS = { username: 1, displayName: 1, email: 1, language: 1, accountId: 1 } as const;

/** The users of each of these accounts, by account id: whom an account's notices go to (none: nobody to tell). */
export async function usersOfAccounts(db: Connection, accountIds: readonly (string | Types.ObjectId)[]): Promise<Map<string, NoticeUser[]>> {
  if (accountIds.length === 0) return new Map();
  const users = (await userModel(db)
    .find({ accountId: { $in: accountIds.map((id) => new Types.ObjectId(String(id))) } }, NOTICE_USER_FIELDS)
    .lean()) as NoticeUser[];
  const byAccount = new Map<string, NoticeUser[]>();
  for (const u of users) byAccount.set(String(u.accountId), [...(byAccount.get(String(u.accountId)) ?? []), u]);
  return byAccount;
}

export interface QueueNoticeInput<K extends NoticeKind> {
  /** Says which event this notice is about, so the same event never makes two (`account_request.approved:<id>`). */
  key: string;
  kind: K;
  user: NoticeUser;
  data: NoticeData[K];
  /** The account it is about, when it is not (yet) the user's own. */
  accountId?: Types.ObjectId | string | null;
}

const languageOf = (user: NoticeUser): MailLanguage => (user.language === 'en' ? 'en' : 'nl');

/**
 * Records notices and hands them to the notices queue (the accounts worker sends them). Redis is connected the first
 * time a notice is queued.
 */
export class Notices {
  private connected: { redis: Redis; queue: Queue<NoticeJobData> } | null = null;

  constructor(
    private readonly db: Connection,
    private readonly env: Pick<AccountsEnv, 'REDIS_URL' | 'QUEUE_PREFIX'>,
    private readonly log: QueueLog,
    private readonly now: () => Date,
  ) {}

  /**
   * Records the notice by its key (a second insert with the same key is a no-op and answers the first) and queues its
   * mail. A member without an address gets the notice recorded, not mailed. Queueing an unsent notice again is
   * harmless: the job id is the key, and the worker sends each key once.
   */
  async queue<K extends NoticeKind>(input: QueueNoticeInput<K>): Promise<NoticeDoc> {
    const Notice = noticeModel(this.db);
    const { user } = input;
    const language = languageOf(user);
    const mail = renderNotice(input.kind, language, user.displayName?.trim() || user.username, input.data);
    let notice: NoticeDoc;
    try {
      notice = (
        await Notice.create({
          key: input.key,
          userId: user._id,
          accountId: input.accountId ?? user.accountId ?? null,
          kind: input.kind,
          to: user.email || null,
          language,
          subject: mail.subject,
          text: mail.text,
          createdAt: this.now(),
          lastError: user.email ? null : 'No e-mail address',
        })
      ).toObject() as NoticeDoc;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      const stored = await Notice.findOne({ key: input.key }).lean();
      if (!stored) throw err;
      notice = stored as NoticeDoc;
    }
    if (notice.to && !notice.sentAt) await this.enqueue(notice.key);
    return notice;
  }

  /** Adds the send job of a recorded notice (jobId = its key): BullMQ keeps one job per id. */
  async enqueue(key: string): Promise<void> {
    const { redis, queue } = this.connect();
    // No offline queue here: with Redis away the caller hears so in seconds instead of waiting for it.
    if (!(await redisReady(redis, 3_000))) throw new Error('Redis is not reachable; the notice is recorded and goes out when the worker starts next');
    await queue.add('send', { key }, { ...NOTICE_JOB_OPTIONS, jobId: noticeJobId(key) });
  }

  async close(): Promise<void> {
    const c = this.connected;
    this.connected = null;
    if (!c) return;
    await c.queue.close().catch(() => undefined);
    c.redis.disconnect();
  }

  private connect(): { redis: Redis; queue: Queue<NoticeJobData> } {
    if (!this.connected) {
      const redis = createRedis(this.env.REDIS_URL);
      redis.on('error', (err: Error) => this.log.warn({ err: err.message }, 'redis error (notices queue)'));
      const queue = createQueue<NoticeJobData>(NOTICES_QUEUE, redis, this.env.QUEUE_PREFIX);
      queue.on('error', (err: Error) => this.log.warn({ err: err.message }, 'notices queue error'));
      this.connected = { redis, queue };
    }
    return this.connected;
  }
}

/** Records a notice and queues its mail (see Notices.queue). */
export function queueNotice<K extends NoticeKind>(ctx: { notices: Notices }, input: QueueNoticeInput<K>): Promise<NoticeDoc> {
  return ctx.notices.queue(input);
}

export function noticeView(n: NoticeDoc): NoticeView {
  return {
    id: String(n._id),
    kind: n.kind as NoticeKind,
    to: n.to ?? null,
    language: n.language as MailLanguage,
    subject: n.subject,
    text: n.text,
    createdAt: n.createdAt.toISOString(),
    sentAt: n.sentAt ? n.sentAt.toISOString() : null,
    tries: n.tries ?? 0,
    lastError: n.lastError ?? null,
  };
}

/** A page of notices, newest first. */
export async function listNotices(db: Connection, by: { userId: string } | { accountId: string }, page: number, perPage: number) {
  const Notice = noticeModel(db);
  const filter = 'userId' in by ? { userId: new Types.ObjectId(by.userId) } : { accountId: new Types.ObjectId(by.accountId) };
  const [items, total] = await Promise.all([
    Notice.find(filter).sort({ createdAt: -1, _id: -1 }).skip((page - 1) * perPage).limit(perPage).lean(),
    Notice.countDocuments(filter),
  ]);
  return { items: items.map((n) => noticeView(n as NoticeDoc)), pageCount: Math.ceil(total / perPage), total };
}
