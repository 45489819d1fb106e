import type { AuditClient, InternalClient } from '@kassa/service-kit';
import type { BalanceDays } from './ledger/accounts-admin/balance-days';
import type { AccountsEnv } from './config';
import type { AccountDirectory } from './ledger/directory/account-directory';
import type { Ledger } from './ledger/ledger';
import type { PinGuard } from './ledger/pins/pin-guard';
import type { LoginGuard } from './identity/security/login-guard';
import type { TfaGuard } from './identity/security/tfa-guard';
import type { SsoAdapter } from './identity/sso/sso-adapter';
import type { Notices } from './notices/notices';
import type { LowBalanceMails } from './notices/low-balance';

/** What the accounts routes share besides `app.db`; built once in buildAccountsApp. */
export interface AccountsContext {
  env: AccountsEnv;
  ledger: Ledger;
  /**
   * The till's account list in memory. Whoever creates, renames, retypes or deletes an account, or changes its
   * credit flag, calls `directory.invalidate()` and `ledger.forget(accountId)` afterwards.
   */
  directory: AccountDirectory;
  pins: PinGuard;
  /** Second-factor codes at sign-in, with their own lock-out. */
  tfa: TfaGuard;
  logins: LoginGuard;
  sso: SsoAdapter;
  /** Checkout's internal routes (sales a ledger covers). */
  checkout: InternalClient;
  /** Payments' internal routes (an account's debit in the open direct-debit batch). */
  payments: InternalClient;
  /** Resolves once this process's pending balance caches are written (a second at most): for lists of balances. */
  headsWritten: () => Promise<void>;
  /** The balance of all accounts at the end of a day, with the closed days kept (upkeep in the background). */
  balanceDays: BalanceDays;
  /**
   * The audit log, written with each change: `audit.audited(entry, log, change)` keeps the entry in the outbox from
   * before the change until it is in the log (audit.ts), so no change is kept without its entry.
   */
  audit: AuditClient;
  /** Mails to members: recorded by key, sent by the accounts worker (notices/notices.ts, queueNotice). */
  notices: Notices;
  /** The members' low-balance mails, told of every posting (notices/low-balance.ts). */
  lowBalance: LowBalanceMails;
  now: () => Date;
}
