import type { Connection } from 'mongoose';
import type { QueueLog } from '@kassa/service-kit';
import { userModel } from '../identity/models/user.model';
import { NOTICE_USER_FIELDS, type NoticeUser, type Notices } from './notices';

type Watcher = NoticeUser & { lowBalance: number };

/**
 * The members' low-balance mail (issue 48 §1): a member who set a threshold on /account gets a 'balance.low' notice
 * when a payment takes their account from at or above it to below it, once per posting (key
 * `balance.low:<account>:<seq>:<user>`). Who watches which account is read once per `ttlMs`, not per sale; the profile
 * route forgets it at once when a member changes theirs (another replica follows within `ttlMs`).
 */
export class LowBalanceMails {
  private watchers: Promise<Map<string, Watcher[]>> | null = null;
  private readAt = 0;

  constructor(
    private readonly db: Connection,
    private readonly notices: Pick<Notices, 'queue'>,
    private readonly log: QueueLog,
    private readonly now: () => Date,
    private readonly ttlMs = 30_000,
  ) {}

  /** Told of every posting made here; looks after the answer has gone, never failing the posting. */
  posted(p: { accountId: string; seq: number; amount: number; balanceAfter: number }): void {
    if (p.amount >= 0) return;
    this.check(p).catch((err: unknown) => this.log.warn({ err: (err as Error).message, accountId: p.accountId }, 'low-balance mail not queued'));
  }

  forget(): void {
    this.watchers = null;
  }

  async check(p: { accountId: string; seq: number; amount: number; balanceAfter: number }): Promise<void> {
    const before = p.balanceAfter - p.amount;
    for (const user of (await this.byAccount()).get(p.accountId) ?? []) {
      if (before < user.lowBalance || p.balanceAfter >= user.lowBalance) continue;
      await this.notices.queue({
        key: `balance.low:${p.accountId}:${p.seq}:${String(user._id)}`,
        kind: 'balance.low',
        user,
        accountId: p.accountId,
        data: { balance: p.balanceAfter, threshold: user.lowBalance },
      });
    }
  }

  private byAccount(): Promise<Map<string, Watcher[]>> {
    const at = this.now().getTime();
    if (!this.watchers || at - this.readAt > this.ttlMs) {
      this.readAt = at;
      this.watchers = userModel(this.db)
        .find({ lowBalance: { $ne: null }, accountId: { $ne: null }, disabled: { $ne: true } }, { ...NOTICE_USER_FIELDS, lowBalance: 1 })
        .lean()
        .then((users) => {
          const map = new Map<string, Watcher[]>();
          for (const u of users as Watcher[]) {
            if (typeof u.lowBalance !== 'number') continue;
            const key = String(u.accountId);
            map.set(key, [...(map.get(key) ?? []), u]);
          }
          return map;
        });
      this.watchers.catch(() => (this.watchers = null));
    }
    return this.watchers;
  }
}
