import { checkBic, checkIban } from '@kassa/contracts/sepa';
import type { AccountType, AdminAccount, ValidationDetail } from '@kassa/contracts';
import { AppError, notFound } from '@kassa/service-kit';
import type { Connection, Types } from 'mongoose';
import type { AccountsContext } from '../context';
import { accountModel } from '../models/account.model';
import { userModel } from '../models/user.model';
import { getSettings } from '../settings';
import { pinLockModel } from '../models/pin-lock.model';

/** The fields of an account the administration reads (never the PIN hash or salt themselves). */
export const ACCOUNT_FIELDS = {
  name: 1,
  type: 1,
  balance: 1,
  headSeq: 1,
  creditAccount: 1,
  creditLimit: 1,
  iban: 1,
  bic: 1,
  mandateId: 1,
  mandateSignedAt: 1,
  pinHash: 1,
  lastUsed: 1,
  closedAt: 1,
  createdAt: 1,
} as const;

export interface AccountRow {
  _id: Types.ObjectId;
  name: string;
  type?: string | null;
  balance?: number | null;
  headSeq?: number | null;
  creditAccount?: boolean | null;
  creditLimit?: number | null;
  iban?: string | null;
  bic?: string | null;
  mandateId?: string | null;
  mandateSignedAt?: string | null;
  pinHash?: string | null;
  lastUsed?: Date | null;
  closedAt?: Date | null;
  createdAt?: Date;
}

/** Accounts as the admin sees them, with the users linked to each (one query, joined here). */
export async function adminAccounts(db: Connection, rows: AccountRow[], balances?: Map<string, number>, now = new Date()): Promise<AdminAccount[]> {
  const ids = rows.map((r) => r._id);
  const [users, settings, locks] = await Promise.all([
    ids.length ? userModel(db).find({ accountId: { $in: ids } }, { username: 1, accountId: 1 }).sort({ username: 1 }).lean() : [],
    getSettings(db),
    ids.length ? pinLockModel(db).find({ accountId: { $in: ids }, lockedUntil: { $gt: now } }, { accountId: 1, lockedUntil: 1 }).lean() : [],
  ]);
  const lockedUntil = new Map(locks.map((l) => [String(l.accountId), l.lockedUntil!.toISOString()]));
  const usersOf = new Map<string, { id: string; username: string }[]>();
  for (const u of users) {
    const key = String(u.accountId);
    usersOf.set(key, [...(usersOf.get(key) ?? []), { id: String(u._id), username: u.username }]);
  }
  return rows.map((r) => ({
    id: String(r._id),
    name: r.name,
    type: (r.type ?? 'member') as AccountType,
    balance: balances?.get(String(r._id)) ?? r.balance ?? 0,
    creditAccount: r.creditAccount ?? false,
    creditLimit: r.creditLimit ?? null,
    effectiveCreditLimit: r.creditAccount ? (r.creditLimit ?? settings.creditLimit) : 0,
    iban: r.iban ?? null,
    bic: r.bic ?? null,
    mandateId: r.mandateId ?? null,
    mandateSignedAt: r.mandateSignedAt ?? null,
    hasPin: Boolean(r.pinHash),
    pinLockedUntil: lockedUntil.get(String(r._id)) ?? null,
    lastUsed: r.lastUsed ? r.lastUsed.toISOString() : null,
    closedAt: r.closedAt ? r.closedAt.toISOString() : null,
    // Accounts written in bulk (the demo, imports) have no timestamps: the id says when they were made.
    createdAt: (r.createdAt ?? r._id.getTimestamp()).toISOString(),
    users: usersOf.get(String(r._id)) ?? [],
  }));
}

/** One account with its balance read from the ledger (the cached field may be a moment behind). */
export async function adminAccount(db: Connection, ctx: AccountsContext, id: string): Promise<{ row: AccountRow; view: AdminAccount }> {
  const row = (await accountModel(db).findById(id, ACCOUNT_FIELDS).lean()) as AccountRow | null;
  if (!row) throw notFound('This account does not exist.');
  const head = await ctx.ledger.balance(id, row.headSeq ?? 0);
  const [view] = await adminAccounts(db, [row], new Map([[id, head.balanceAfter]]), ctx.now());
  return { row, view: view! };
}

/** What an audit entry says about an account: its settings and balance, never the PIN. */
export const auditView = (a: AdminAccount) => ({
  name: a.name,
  type: a.type,
  balance: a.balance,
  creditAccount: a.creditAccount,
  creditLimit: a.creditLimit,
  iban: a.iban,
  bic: a.bic,
  mandateId: a.mandateId,
  mandateSignedAt: a.mandateSignedAt,
  hasPin: a.hasPin,
  closedAt: a.closedAt,
});

export interface BankFields {
  creditAccount: boolean;
  iban: string | null;
  bic: string | null;
}

/**
 * The SPEC 5 lines for IBAN and BIC (the rules of @kassa/contracts/sepa). A credit account needs both; another
 * account may leave them empty, but what is given must be right. Answers the stored forms.
 */
export function checkBank(fields: BankFields): { iban: string | null; bic: string | null } {
  const detail: ValidationDetail[] = [];
  const needed = fields.creditAccount;
  let iban: string | null = null;
  let bic: string | null = null;
  if (needed || fields.iban?.trim()) {
    const checked = checkIban(fields.iban);
    if ('error' in checked) detail.push({ loc: ['body', 'iban'], msg: checked.error, type: 'value_error' });
    else iban = checked.iban;
  }
  if (needed || fields.bic?.trim()) {
    const checked = checkBic(fields.bic);
    if ('error' in checked) detail.push({ loc: ['body', 'bic'], msg: checked.error, type: 'value_error' });
    else bic = checked.bic;
  }
  if (detail.length) throw new AppError(422, 'validation_error', detail.map((d) => d.msg).join(' '), detail);
  return { iban, bic };
}
