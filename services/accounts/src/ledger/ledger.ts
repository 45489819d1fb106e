import { formatEuros, type PostingKind, type PostingResult } from '@kassa/contracts';
import { AppError, insertBatcher, isDuplicateKey, localDay } from '@kassa/service-kit';
import { Types, type Connection } from 'mongoose';
import { accountModel } from './models/account.model';
import { postingModel } from './models/posting.model';
import { KeyedMutex } from './keyed-mutex';
import { accountBlocked, accountFrozen, blockedFrom } from './debt-block';

export interface PostInput {
  accountId: string;
  /** Signed cents: negative takes money off the account. */
  amount: number;
  key: string;
  kind: PostingKind;
  ref: string;
  description?: string | null;
  /** Let a non-credit account go below zero (admin corrections only). */
  allowNegative?: boolean;
  /** Admin top-ups and corrections: the method, the reason and who booked it. */
  method?: string | null;
  reason?: string | null;
  by?: string | null;
}

/** Posting kinds a closed account still takes: the undo of an earlier sale, and its closing. */
const KINDS_ON_CLOSED: ReadonlySet<PostingKind> = new Set(['undo', 'expiry', 'correction']);

/** The account as the ledger reads it inside the per-account lock. */
export interface LedgerAccount {
  _id: Types.ObjectId;
  name: string;
  type: string;
  creditAccount: boolean;
  balance: number;
  headSeq: number;
  pinHash: string | null;
  pinSalt: string | null;
  /** Cents a credit account may go below zero (its own limit, else the settings' default). */
  creditLimit: number;
  /** A tab: may go down to minus `tabLimit`, or without floor when that is null (docs/decisions.md "Tabs"). */
  tab: boolean;
  tabLimit: number | null;
  closed: boolean;
  /** A direct debit failed: the local day from which purchases are refused while the account owes (debt-block.ts). */
  blockedFrom: string | null;
  /** A payout is approved and not yet booked: no purchase, no top-up at the bar (payouts/payouts.ts). */
  frozen: boolean;
}

export interface Head {
  seq: number;
  balanceAfter: number;
}

export interface LedgerOptions {
  now?: () => Date;
  /** Where a failed cache update is reported (the posting itself stands). */
  onCacheError?: (err: unknown, accountId: string) => void;
  /** Inserts tried per posting before answering retry_later. */
  maxAttempts?: number;
  /** How long an account read from the database is trusted for its name, flags and PIN (default 5 s). */
  accountTtlMs?: number;
  /**
   * How long a cache write waits so that a burst of postings on one account becomes one write (default 1 s). On
   * FerretDB an update costs a scan of the accounts; the posting itself never waits for it. [ferretdb:scan]
   */
  cacheWriteDelayMs?: number;
  /** Told about every posting made here, after it is stored (the till's account list patches itself). */
  onPosted?: (posted: { accountId: string; seq: number; amount: number; balanceAfter: number; lastUsed: Date | null }) => void;
  /** The credit limit of accounts without their own (cents; read from the settings, trusted as long as an account). */
  defaultCreditLimit?: () => Promise<number>;
  /** The bar's time zone: each posting stores its local day. */
  timeZone?: string;
}

interface CachedAccount {
  account: LedgerAccount;
  fetchedAt: number;
}

/** Kinds that count as the member using the account (the till picker's "recent" and the inactivity rule). */
export const USE_KINDS: ReadonlySet<PostingKind> = new Set(['purchase', 'topup', 'ideal']);
const ACCOUNT_FIELDS = { name: 1, type: 1, creditAccount: 1, creditLimit: 1, tab: 1, tabLimit: 1, closedAt: 1, payoutFrozen: 1, balance: 1, headSeq: 1, pinHash: 1, pinSalt: 1, directDebitFailure: 1 } as const;

/** A stored posting answered again: what its poster was told, marked as a replay. */
const replayOf = (p: { accountId: Types.ObjectId; seq: number; amount: number; balanceAfter: number; key: string }, accountName: string): PostingResult => ({
  accountId: String(p.accountId),
  accountName,
  seq: p.seq,
  amount: p.amount,
  balanceAfter: p.balanceAfter,
  key: p.key,
  replay: true,
});

export const accountClosed = (accountName: string) => new AppError(409, 'account_closed', `${accountName} is closed.`);

export const insufficientCredits = (accountName: string) =>
  new AppError(400, 'insufficient_credits', `${accountName} has insufficient credits in account.`);

/** A tab past its limit: the same identifier as a prepaid account without money (the till ends the sale), its own words. */
export const tabLimitReached = (accountName: string, limit: number, balance: number, amount: number) =>
  new AppError(
    400,
    'insufficient_credits',
    `The tab of ${accountName} is at its limit of ${formatEuros(limit)}: it owes ${formatEuros(Math.max(0, -balance))}, and this ${formatEuros(-amount)} would take it past the limit. Invoice the tab or raise its limit.`,
  );

/**
 * The lowest balance a debit may leave: minus the credit limit, minus the tab's limit (none without one), none for a
 * system account (Cash differences holds what the drawers were short as well as over), else zero.
 */
export const floorOf = (account: Pick<LedgerAccount, 'creditAccount' | 'creditLimit' | 'tab' | 'tabLimit'> & { type?: string }): number =>
  account.type === 'system' ? Number.NEGATIVE_INFINITY : account.tab ? (account.tabLimit === null ? Number.NEGATIVE_INFINITY : -account.tabLimit) : account.creditAccount ? -account.creditLimit : 0;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The append-only ledger of ARCHITECTURE.md "Money and correctness rules". No transactions and no conditional
 * updates (neither is safe on FerretDB): a posting is one insert, and the unique indexes decide every race. [ferretdb:no-atomic-update]
 *
 * On FerretDB 1.24 every filtered read is a full scan (its SQL never hits an index), so the hot path reads no [ferretdb:scan]
 * posting: it takes the account's cached head (seq, balanceAfter) as a guess and inserts seq + 1. If the guess is
 * stale, the (accountId, seq) index refuses the insert and the real head is read. A refusal for insufficient credits
 * is only ever given on the real head.
 */
export class Ledger {
  private readonly mutex = new KeyedMutex();
  private readonly now: () => Date;
  private readonly maxAttempts: number;
  private readonly accountTtlMs: number;
  private readonly onCacheError: (err: unknown, accountId: string) => void;
  private readonly onPosted: NonNullable<LedgerOptions['onPosted']>;
  /** Accounts as last read or posted on by this process; the head in here is exact for postings made here. */
  private readonly accounts = new Map<string, CachedAccount>();
  /** Accounts whose cache write is waiting, with the newest use to record, and the flushes running. */
  private readonly pendingCache = new Map<string, { lastUsed: Date | null }>();
  private readonly flushing = new Map<string, Promise<void>>();
  private readonly cacheWriteDelayMs: number;
  private readonly defaultCreditLimit: () => Promise<number>;
  private readonly timeZone: string;
  private creditLimitRead: { value: number; at: number } | null = null;
  /** Wakes the flushes that are waiting out their delay (settled() wants everything written now). */
  private readonly wakers = new Set<() => void>();
  private draining = false;

  constructor(
    private readonly db: Connection,
    opts: LedgerOptions = {},
  ) {
    this.now = opts.now ?? (() => new Date());
    this.maxAttempts = opts.maxAttempts ?? 8;
    this.accountTtlMs = opts.accountTtlMs ?? 5_000;
    this.cacheWriteDelayMs = opts.cacheWriteDelayMs ?? 1_000;
    this.onCacheError = opts.onCacheError ?? (() => undefined);
    this.onPosted = opts.onPosted ?? (() => undefined);
    this.defaultCreditLimit = opts.defaultCreditLimit ?? (async () => 15_000);
    this.timeZone = opts.timeZone ?? 'Europe/Amsterdam';
  }

  /** Runs `task` while holding the account's in-process lock (PIN checks use it too, so their counts never race). */
  lock<T>(accountId: string, task: () => Promise<T>): Promise<T> {
    return this.mutex.run(accountId, task);
  }

  /**
   * Changes fields of the account document (admin edits, closing, credit off) under the account's lock, then makes
   * the next posting read it again. The local database (FerretDB) updates a document by reading and writing it whole, [ferretdb:no-atomic-update]
   * so two updates of one account at the same moment can lose one of them; the balance-cache writes take the same
   * lock, so within this process such a change and a cache write never overlap. Not for use inside `lock` (it is not
   * re-entrant): there, as setting a PIN does, update directly and call `forget`.
   */
  async updateAccount(accountId: string, set: Record<string, unknown>): Promise<void> {
    await this.lock(accountId, () => accountModel(this.db).updateOne({ _id: new Types.ObjectId(accountId) }, { $set: set }).exec());
    this.forget(accountId);
  }

  /**
   * Posts once per key. `verify` runs inside the lock on the freshly read account before anything is written
   * (the PIN check); a replay of an existing key answers the stored posting.
   */
  async post(input: PostInput, verify?: (account: LedgerAccount) => Promise<void>): Promise<PostingResult> {
    const { result, debtPaid } = await this.lock(input.accountId, () => this.postLocked(input, verify));
    // The debt of a failed debit is paid: the failure is over (no block, no reminders, the member's page stops saying it).
    if (debtPaid) await this.updateAccount(input.accountId, { directDebitFailure: null });
    return result;
  }

  private async postLocked(input: PostInput, verify?: (account: LedgerAccount) => Promise<void>): Promise<{ result: PostingResult; debtPaid: boolean }> {
    const account = await this.readAccount(input.accountId);
    if (account.closed && !KINDS_ON_CLOSED.has(input.kind)) {
      const replay = await this.findReplay(input, account.name);
      if (replay) return { result: replay, debtPaid: false };
      throw accountClosed(account.name);
    }
    if (account.frozen && ((input.kind === 'purchase' && input.amount < 0) || input.kind === 'topup')) {
      const replay = await this.findReplay(input, account.name);
      if (replay) return { result: replay, debtPaid: false };
      throw accountFrozen(account.name);
    }
    if (input.kind === 'purchase' && input.amount < 0 && account.blockedFrom && localDay(this.now(), this.timeZone) >= account.blockedFrom) {
      // A month after a failed debit an account that still owes buys nothing (top-ups go on); the balance is the
      // ledger's own, not the cached guess, so a top-up on another replica lifts the block at once.
      const head = account.balance < 0 ? await this.readHead(input.accountId) : null;
      if (head && head.balanceAfter < 0) {
        const replay = await this.findReplay(input, account.name);
        if (replay) return { result: replay, debtPaid: false };
        throw accountBlocked(-head.balanceAfter);
      }
    }
    const result = await this.postChecked(account, input, verify);
    return { result, debtPaid: account.blockedFrom !== null && input.amount > 0 && result.balanceAfter >= 0 };
  }

  private async postChecked(account: LedgerAccount, input: PostInput, verify?: (account: LedgerAccount) => Promise<void>): Promise<PostingResult> {
    if (verify) await verify(account);
    // A credit account may go down to minus its limit, a tab to minus its own; any other account to zero (SPEC terms).
    const floor = floorOf(account);
    const Posting = postingModel(this.db);
    let head: Head = { seq: account.headSeq, balanceAfter: account.balance };
    let headIsReal = false;

    for (let attempt = 0; attempt < this.maxAttempts; attempt++) {
      const balanceAfter = head.balanceAfter + input.amount;
      if (input.amount < 0 && balanceAfter < floor && !input.allowNegative) {
        if (headIsReal) {
          // Perhaps this very posting was made earlier and emptied the account: then it is a replay, not a refusal.
          const replay = await this.findReplay(input, account.name);
          if (replay) return replay;
          throw account.tab ? tabLimitReached(account.name, account.tabLimit ?? 0, head.balanceAfter, input.amount) : insufficientCredits(account.name);
        }
        head = await this.readHead(input.accountId);
        headIsReal = true;
        this.noteHead(input.accountId, head.seq, head.balanceAfter);
        continue;
      }
      const seq = head.seq + 1;
      const at = this.now();
      try {
        // Postings on other accounts that arrive while some are being stored go together as one insert.
        await insertBatcher(Posting.collection).insert({
          accountId: account._id,
          seq,
          amount: input.amount,
          balanceAfter,
          key: input.key,
          kind: input.kind,
          ref: input.ref,
          description: input.description ?? null,
          at,
          day: localDay(at, this.timeZone),
          method: input.method ?? null,
          reason: input.reason ?? null,
          by: input.by ?? null,
        });
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        const replay = await this.findReplay(input, account.name);
        if (replay) return replay;
        // Another replica posted on this account first: back off a little, then build on the real head.
        if (attempt > 0) await sleep(Math.random() * Math.min(200, 5 * 2 ** attempt));
        head = await this.readHead(input.accountId);
        headIsReal = true;
        this.noteHead(input.accountId, head.seq, head.balanceAfter);
        continue;
      }
      const lastUsed = USE_KINDS.has(input.kind) ? at : null;
      this.noteHead(input.accountId, seq, balanceAfter);
      this.scheduleCacheWrite(input.accountId, lastUsed);
      this.onPosted({ accountId: input.accountId, seq, amount: input.amount, balanceAfter, lastUsed });
      return { accountId: input.accountId, accountName: account.name, seq, amount: input.amount, balanceAfter, key: input.key, replay: false };
    }
    throw new AppError(503, 'retry_later', 'Busy, please try again.');
  }

  /** The posting with the highest seq; a scan, so only used when the cached guess proved wrong. */
  async readHead(accountId: string): Promise<Head> {
    const head = await postingModel(this.db)
      .findOne({ accountId: new Types.ObjectId(accountId) }, { seq: 1, balanceAfter: 1 })
      .sort({ seq: -1 })
      .lean();
    return head ? { seq: head.seq, balanceAfter: head.balanceAfter } : { seq: 0, balanceAfter: 0 };
  }

  /**
   * The head for showing a balance (never for allowing a debit): this process's own view when it is fresh, else the
   * cached seq checked against the ledger (the posting at that seq exists and none follows it), else a search.
   */
  async balance(accountId: string, cachedSeqField: number): Promise<Head> {
    const mine = this.fresh(accountId);
    if (mine) return { seq: mine.headSeq, balanceAfter: mine.balance };
    // The cache field is written a moment after each posting; a head posted here may be newer.
    const cachedSeq = Math.max(cachedSeqField, this.accounts.get(accountId)?.account.headSeq ?? 0);
    const Posting = postingModel(this.db);
    const id = new Types.ObjectId(accountId);
    const [at, next] = await Promise.all([
      cachedSeq > 0 ? Posting.findOne({ accountId: id, seq: cachedSeq }, { seq: 1, balanceAfter: 1 }).lean() : null,
      Posting.findOne({ accountId: id, seq: cachedSeq + 1 }, { _id: 1 }).lean(),
    ]);
    if (next === null && (cachedSeq === 0 || at)) return at ? { seq: at.seq, balanceAfter: at.balanceAfter } : { seq: 0, balanceAfter: 0 };
    return this.readHead(accountId);
  }

  /** A head another replica posted (head-broadcast.ts): the balance shown here follows it; debits still read the real head. */
  heard(accountId: string, seq: number, balance: number): void {
    this.noteHead(accountId, seq, balance);
  }

  /** Makes the next posting re-read the account (after its name, flags or PIN changed); the known head stays. */
  forget(accountId: string): void {
    const cached = this.accounts.get(accountId);
    if (cached) cached.fetchedAt = Number.NEGATIVE_INFINITY;
  }

  /** Waits for every pending cache write (tests, and shutdown so no cache update is lost). */
  async settled(): Promise<void> {
    this.draining = true;
    try {
      while (this.flushing.size > 0) {
        for (const wake of this.wakers) wake();
        await Promise.all([...this.flushing.values()]);
      }
    } finally {
      this.draining = false;
    }
  }

  private pause(): Promise<void> {
    if (this.draining || this.cacheWriteDelayMs <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, this.cacheWriteDelayMs);
      // Shutdown drains through settled(); a waiting write alone must not keep the process up.
      timer.unref();
      this.wakers.add(wake);
    });
  }

  private fresh(accountId: string): LedgerAccount | null {
    const cached = this.accounts.get(accountId);
    return cached && this.now().getTime() - cached.fetchedAt < this.accountTtlMs ? cached.account : null;
  }

  /** A head this process posted or read from the ledger itself; the account's other fields keep their age. */
  private noteHead(accountId: string, seq: number, balance: number): void {
    const cached = this.accounts.get(accountId);
    if (cached && seq >= cached.account.headSeq) cached.account = { ...cached.account, headSeq: seq, balance };
  }

  private remember(account: LedgerAccount): void {
    const key = String(account._id);
    const known = this.accounts.get(key)?.account;
    // A head this process posted is never replaced by an older one read back from the cache field.
    const head = known && known.headSeq > account.headSeq ? { headSeq: known.headSeq, balance: known.balance } : {};
    this.accounts.set(key, { account: { ...account, ...head }, fetchedAt: this.now().getTime() });
  }

  private async readAccount(accountId: string): Promise<LedgerAccount> {
    const cached = this.fresh(accountId);
    if (cached) return cached;
    const found = await accountModel(this.db).findById(accountId, ACCOUNT_FIELDS).lean();
    if (!found) throw new AppError(404, 'not_found', 'Account not found.');
    const creditLimit = found.creditLimit ?? (found.creditAccount ? await this.creditLimitDefault() : 0);
    this.remember({
      _id: found._id,
      name: found.name,
      type: found.type ?? 'member',
      creditAccount: found.creditAccount ?? false,
      balance: found.balance ?? 0,
      headSeq: found.headSeq ?? 0,
      pinHash: found.pinHash ?? null,
      pinSalt: found.pinSalt ?? null,
      creditLimit,
      tab: found.tab ?? false,
      tabLimit: found.tabLimit ?? null,
      closed: Boolean(found.closedAt),
      blockedFrom: blockedFrom(found.directDebitFailure, this.timeZone),
      frozen: Boolean(found.payoutFrozen),
    });
    return this.accounts.get(accountId)?.account as LedgerAccount;
  }

  private async creditLimitDefault(): Promise<number> {
    const t = this.now().getTime();
    if (this.creditLimitRead && t - this.creditLimitRead.at < this.accountTtlMs) return this.creditLimitRead.value;
    const value = await this.defaultCreditLimit();
    this.creditLimitRead = { value, at: t };
    return value;
  }

  /** The posting made under `key`, as its poster was answered (replay: true), or null: a lookup that posts nothing. */
  async find(key: string): Promise<PostingResult | null> {
    const existing = await postingModel(this.db).findOne({ key }).lean();
    return existing && replayOf(existing, (await this.readAccount(String(existing.accountId))).name);
  }

  private async findReplay(input: PostInput, accountName: string): Promise<PostingResult | null> {
    const existing = await postingModel(this.db).findOne({ key: input.key }).lean();
    if (!existing) return null;
    if (String(existing.accountId) !== input.accountId || existing.amount !== input.amount) {
      throw new AppError(409, 'conflict', 'This request was already handled with a different account or amount.');
    }
    return replayOf(existing, accountName);
  }

  /**
   * The account's balance cache is written after the answer, after a short delay, one write at a time per account,
   * with the newest head this process knows when the write goes out: its own postings and those the other replicas
   * broadcast (heard). A burst of postings on one account costs one write and the cache never goes backwards from here.
   * On MongoDB the filter keeps an older head from another replica from overwriting a newer one. The local database
   * applies an update as a read and a whole-document write by _id without checking the filter again, so there two
   * replicas' writes that cross could leave the older head last; writing the newest head known makes them carry the same.
   */
  private scheduleCacheWrite(accountId: string, lastUsed: Date | null): void {
    const waiting = this.pendingCache.get(accountId);
    this.pendingCache.set(accountId, { lastUsed: lastUsed ?? waiting?.lastUsed ?? null });
    if (this.flushing.has(accountId)) return;
    const flush = (async () => {
      for (;;) {
        await this.pause();
        const next = this.pendingCache.get(accountId);
        if (!next) break;
        this.pendingCache.delete(accountId);
        // Posted on here, so the account was read and its head is known (noteHead, heard).
        const head = this.accounts.get(accountId)?.account;
        if (!head) break;
        const set = { balance: head.balance, headSeq: head.headSeq, ...(next.lastUsed ? { lastUsed: next.lastUsed } : {}) };
        // Under the account's lock, so no change of the account's other fields (updateAccount, a PIN) is written at
        // the same moment and lost to this whole-document write on the local database.
        await this.lock(accountId, () => accountModel(this.db).updateOne({ _id: new Types.ObjectId(accountId), headSeq: { $lt: head.headSeq } }, { $set: set }).exec()).catch((err: unknown) =>
          this.onCacheError(err, accountId),
        );
      }
    })().finally(() => {
      this.flushing.delete(accountId);
      // A posting may have queued a write between the last loop check and here.
      const left = this.pendingCache.get(accountId);
      if (left) {
        this.pendingCache.delete(accountId);
        this.scheduleCacheWrite(accountId, left.lastUsed);
      }
    });
    this.flushing.set(accountId, flush);
  }
}
