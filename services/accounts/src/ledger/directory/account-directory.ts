import type { AccountType } from '@kassa/contracts';
import type { Connection } from 'mongoose';
import { accountModel } from '../models/account.model';

export interface DirectoryEntry {
  id: string;
  name: string;
  type: AccountType;
  creditAccount: boolean;
  /** The account's own credit limit in cents; null means the board's default. */
  creditLimit: number | null;
  /** A tab, and its limit in cents (null: no limit). */
  tab: boolean;
  tabLimit: number | null;
  balance: number;
  headSeq: number;
  lastUsed: Date | null;
}

export interface DirectoryOptions {
  /** After this long the list is read again in the background (the stale one is served meanwhile). */
  maxAgeMs?: number;
  now?: () => number;
}

const byName = new Intl.Collator('nl', { sensitivity: 'base', numeric: true });

/**
 * The till's account list, held in memory. FerretDB needs about a second to hand over 5,000 accounts, and every [ferretdb:scan]
 * till asks every minute; so the list is read once, patched by this process's own postings as they happen, and read
 * again in the background when older than maxAgeMs (for changes made by other replicas). Balances in it are for
 * display only: the ledger decides money.
 */
export class AccountDirectory {
  private entries: Map<string, DirectoryEntry> | null = null;
  private sorted: DirectoryEntry[] | null = null;
  private loadedAt = Number.NEGATIVE_INFINITY;
  private loading: Promise<void> | null = null;
  /** Bumped by invalidate(), so a read that started before a change is not taken as current. */
  private generation = 0;
  /** Heads of postings made here; a read of the database may be older than them (the cache field is written later). */
  private readonly localHeads = new Map<string, { headSeq: number; balance: number; lastUsed: Date | null }>();
  private readonly maxAgeMs: number;
  private readonly now: () => number;

  constructor(
    private readonly db: Connection,
    opts: DirectoryOptions = {},
  ) {
    this.maxAgeMs = opts.maxAgeMs ?? 30_000;
    this.now = opts.now ?? Date.now;
  }

  /** Every account the till may show (no system accounts), sorted by name. */
  async list(): Promise<DirectoryEntry[]> {
    while (!this.entries) await this.refresh();
    if (this.now() - this.loadedAt > this.maxAgeMs) void this.refresh().catch(() => undefined);
    this.sorted ??= [...(this.entries?.values() ?? [])].sort((a, b) => byName.compare(a.name, b.name));
    return this.sorted;
  }

  /** A posting made here: the new balance shows at once. */
  applyPosting(accountId: string, seq: number, balance: number, lastUsed: Date | null): void {
    const local = this.localHeads.get(accountId);
    if (!local || seq > local.headSeq) this.localHeads.set(accountId, { headSeq: seq, balance, lastUsed: lastUsed ?? local?.lastUsed ?? null });
    const entry = this.entries?.get(accountId);
    if (!entry || seq <= entry.headSeq) return;
    entry.headSeq = seq;
    entry.balance = balance;
    if (lastUsed) entry.lastUsed = lastUsed;
  }

  /** An account was created, renamed, retyped or removed here: the next list reads the database again. */
  invalidate(): void {
    this.generation += 1;
    this.entries = null;
    this.sorted = null;
  }

  private refresh(): Promise<void> {
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async load(): Promise<void> {
    const startedAt = this.now();
    const generation = this.generation;
    const found = await accountModel(this.db)
      .find({ type: { $ne: 'system' }, closedAt: null }, { name: 1, type: 1, creditAccount: 1, creditLimit: 1, tab: 1, tabLimit: 1, balance: 1, headSeq: 1, lastUsed: 1 })
      .lean();
    const next = new Map<string, DirectoryEntry>();
    for (const a of found) {
      const id = String(a._id);
      const loaded: DirectoryEntry = {
        id,
        name: a.name,
        type: (a.type ?? 'member') as AccountType,
        creditAccount: a.creditAccount ?? false,
        creditLimit: a.creditLimit ?? null,
        tab: a.tab ?? false,
        tabLimit: a.tabLimit ?? null,
        balance: a.balance ?? 0,
        headSeq: a.headSeq ?? 0,
        lastUsed: a.lastUsed ?? null,
      };
      const local = this.localHeads.get(id);
      if (local && local.headSeq > loaded.headSeq) {
        loaded.headSeq = local.headSeq;
        loaded.balance = local.balance;
        loaded.lastUsed = local.lastUsed ?? loaded.lastUsed;
      } else if (local) {
        this.localHeads.delete(id);
      }
      next.set(id, loaded);
    }
    if (generation !== this.generation) return;
    this.entries = next;
    this.sorted = null;
    this.loadedAt = startedAt;
  }
}
