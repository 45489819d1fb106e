import { checkBic, checkIban } from '@kassa/contracts/sepa';
import { formatEuros, TAB_TYPES, type AccountType, type AdminAccount, type ValidationDetail } from '@kassa/contracts';
import { AppError, notFound } from '@kassa/service-kit';
import type { Connection, Types } from 'mongoose';
import type { AccountsContext } from '../../context';
import { accountModel } from '../models/account.model';
import { userModel } from '../../identity/models/user.model';
import { getSettings } from '../../settings';
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
  dateOfBirth: 1,
  tab: 1,
  tabLimit: 1,
  invoiceName: 1,
  invoiceAddress: 1,
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
  dateOfBirth?: string | null;
  tab?: boolean | null;
  tabLimit?: number | null;
  invoiceName?: string | null;
  invoiceAddress?: string | null;
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
    dateOfBirth: r.dateOfBirth ?? null,
    tab: r.tab ?? false,
    tabLimit: r.tab ? (r.tabLimit ?? null) : null,
    invoiceName: r.invoiceName ?? null,
    invoiceAddress: r.invoiceAddress ?? null,
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
  dateOfBirth: a.dateOfBirth ?? null,
  tab: a.tab ?? false,
  tabLimit: a.tabLimit ?? null,
  invoiceName: a.invoiceName ?? null,
  invoiceAddress: a.invoiceAddress ?? null,
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

export interface TabFields {
  type: AccountType;
  creditAccount: boolean;
  tab: boolean;
  /** Undefined: not said (refused for a tab, so none is unlimited by accident); null: no limit, on purpose. */
  tabLimit: number | null | undefined;
  invoiceName: string | null;
  invoiceAddress: string | null;
}

/**
 * The rules of a tab (docs/decisions.md "Tabs"), as 422 lines: only an event or external account runs one, never as a
 * credit account (a tab is invoiced, never collected), with a name and address to invoice and a limit said (or no limit
 * chosen). Becoming a tab needs a balance of zero or below (prepaid money would be billed again by the invoice of the
 * sales it paid for); stopping needs zero or above (what the tab owes is invoiced first). Answers what to store.
 */
export function checkTab(f: TabFields, before: { tab: boolean; balance: number } | null): { tab: boolean; tabLimit: number | null } {
  if (!f.tab) {
    if (before?.tab && before.balance < 0) {
      throw new AppError(422, 'validation_error', 'Validation error', [
        { loc: ['body', 'tab'], msg: `The tab owes ${formatEuros(-before.balance)}: invoice it before it stops being a tab.`, type: 'value_error' },
      ]);
    }
    return { tab: false, tabLimit: null };
  }
  const detail: ValidationDetail[] = [];
  const at = (field: string, msg: string) => detail.push({ loc: ['body', field], msg, type: 'value_error' });
  if (!TAB_TYPES.includes(f.type)) at('type', 'Only an event or external account runs a tab.');
  if (f.creditAccount) at('creditAccount', 'A tab is invoiced, never collected by direct debit: it cannot be a credit account.');
  if (!f.invoiceName?.trim()) at('invoiceName', 'A tab needs the name its invoices go to.');
  if (!f.invoiceAddress?.trim()) at('invoiceAddress', 'A tab needs the address its invoices go to.');
  if (f.tabLimit === undefined) at('tabLimit', "Set the tab's limit, or choose no limit.");
  if (!before?.tab && before && before.balance > 0) {
    at('tab', `The account holds ${formatEuros(before.balance)}: pay it out or move it first, so the tab's invoices bill only what it owes.`);
  }
  if (detail.length) throw new AppError(422, 'validation_error', detail.map((d) => d.msg).join(' '), detail);
  return { tab: true, tabLimit: f.tabLimit ?? null };
}
