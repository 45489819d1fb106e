import { approvalRoutes, createServiceApp, ensureIndexes, internalClient, serviceUrls, keepUp, type InternalClient, type ServiceApp } from '@kassa/service-kit';
import { BalanceDays } from './accounts-admin/balance-days';
import { migrateMandates } from './accounts-admin/mandate-migration';
import { publishAll } from './security/rights';
import type { Connection } from 'mongoose';
import type { AccountsEnv } from './config';
import type { AccountsContext } from './context';
import { AccountDirectory } from './directory/account-directory';
import { headBroadcast } from './ledger/head-broadcast';
import { getSettings } from './settings';
import { Ledger } from './ledger/ledger';
import { registerAccountsModels } from './models/all-models';
import getAccount from './routes/account/get-account.route';
import postPin from './routes/account/post-pin.route';
import getOwnTransactions from './routes/account/get-transactions.route';
import getOwnTransactionsCount from './routes/account/get-transactions-count.route';
import getWrapped from './routes/account/get-wrapped.route';
import getPendingAccountRequest from './routes/account-request/get-pending.route';
import postAccountRequest from './routes/account-request/post-request.route';
import getAccountRequests from './routes/admin/get-account-requests.route';
import getAdminSettings from './routes/admin/get-settings.route';
import postAccountRequestStatus from './routes/admin/post-account-request-status.route';
import putAdminSettings from './routes/admin/put-settings.route';
import getUserUpgradeInfo from './routes/internal/get-user-upgrade-info.route';
import getAuditLogs from './routes/admin/get-audit-logs.route';
import getLedgerAudit from './routes/admin/get-ledger-audit.route';
import postLedgerAudit from './routes/admin/post-ledger-audit.route';
import postUserTfaReset from './routes/admin/post-user-tfa-reset.route';
import getAccounts from './routes/accounts/get-accounts.route';
import getConfig from './routes/config/get-config.route';
import getInternalAccount from './routes/internal/get-account.route';
import postAudit from './routes/internal/post-audit.route';
import postPostings from './routes/internal/post-postings.route';
import getPosting from './routes/internal/get-posting.route';
import getInvoiceSender from './routes/internal/get-invoice-sender.route';
import getPublicScreen from './routes/internal/get-public-screen.route';
import getInternalLedgers from './routes/internal/get-ledgers.route';
import getLedgerDay from './routes/internal/get-ledger-day.route';
import getDirectDebitDebtors from './routes/internal/get-direct-debit-debtors.route';
import postDirectDebitFailure from './routes/internal/post-direct-debit-failure.route';
import getViaductStart from './routes/login/get-viaduct-start.route';
import postLogin from './routes/login/post-login.route';
import getAdminAccounts from './routes/admin/get-accounts.route';
import getAdminAccount from './routes/admin/get-account.route';
import postAdminAccount from './routes/admin/post-account.route';
import putAdminAccount from './routes/admin/put-account.route';
import patchAdminAccount from './routes/admin/patch-account.route';
import deleteAdminAccount from './routes/admin/delete-account.route';
import postAdminAccountUpgrade from './routes/admin/post-account-upgrade.route';
import getAdminAccountPostings from './routes/admin/get-account-postings.route';
import getAccountsBalance from './routes/admin/get-accounts-balance.route';
import getAdminLedgers from './routes/admin/get-ledgers.route';
import putAdminLedger from './routes/admin/put-ledger.route';
import getLedgerCount from './routes/admin/get-ledger-count.route';
import getAdminUsers from './routes/admin/get-users.route';
import getAdminUser from './routes/admin/get-user.route';
import postAdminUser from './routes/admin/post-user.route';
import patchAdminUser from './routes/admin/patch-user.route';
import postAdminUserPassword from './routes/admin/post-user-password.route';
import getAdminRegisters from './routes/admin/get-registers.route';
import getAdminRegister from './routes/admin/get-register.route';
import postAdminRegister from './routes/admin/post-register.route';
import putAdminRegister from './routes/admin/put-register.route';
import deleteAdminRegister from './routes/admin/delete-register.route';
import postLogout from './routes/login/post-logout.route';
import postSsoTfa from './routes/login/post-sso-tfa.route';
import postViaduct from './routes/login/post-viaduct.route';
import postReaderRegister from './routes/reader/post-register.route';
import getStandinAuthorize from './routes/sso/get-standin-authorize.route';
import postStandinAuthorize from './routes/sso/post-standin-authorize.route';
import postCondition from './routes/user/post-condition.route';
import postTfaDisable from './routes/user/post-tfa-disable.route';
import postTfaEnable from './routes/user/post-tfa-enable.route';
import postTfaSetup from './routes/user/post-tfa-setup.route';
import { warmPasswordCheck } from './security/passwords';
import { LoginGuard } from './security/login-guard';
import { PinGuard, type PinLockEvent } from './security/pin-guard';
import { TfaGuard } from './security/tfa-guard';
import { createSsoAdapter } from './sso/create-sso-adapter';
import type { SsoAdapter } from './sso/sso-adapter';
import { StandinSsoAdapter } from './sso/standin-adapter';
import { accountsAuditClient } from './audit';
import { registerAuditChecks } from './audit-checks';

const routes: ((app: ServiceApp, ctx: AccountsContext) => void)[] = [
  getInternalLedgers,
  getLedgerDay,
  getOwnTransactions,
  getOwnTransactionsCount,
  getWrapped,
  postAccountRequest,
  getPendingAccountRequest,
  getAccountRequests,
  postAccountRequestStatus,
  getAdminSettings,
  putAdminSettings,
  getInvoiceSender,
  getPublicScreen,
  getUserUpgradeInfo,
  postLogin,
  getViaductStart,
  postViaduct,
  postSsoTfa,
  postLogout,
  getAdminUsers,
  getAdminAccounts,
  getAdminAccount,
  postAdminAccount,
  putAdminAccount,
  patchAdminAccount,
  deleteAdminAccount,
  postAdminAccountUpgrade,
  // Four eyes on a close with a balance (board) and a large correction (treasurer) (issue 50 §5).
  approvalRoutes('accounts', ['board', 'treasurer']),
  getAdminAccountPostings,
  getAccountsBalance,
  getAdminLedgers,
  putAdminLedger,
  getLedgerCount,
  getAdminUser,
  postAdminUser,
  patchAdminUser,
  postAdminUserPassword,
  getAdminRegisters,
  getAdminRegister,
  postAdminRegister,
  putAdminRegister,
  deleteAdminRegister,
  getConfig,
  postCondition,
  getAccounts,
  getAccount,
  postPin,
  postReaderRegister,
  postPostings,
  getPosting,
  getDirectDebitDebtors,
  postDirectDebitFailure,
  getInternalAccount,
  postAudit,
  getAuditLogs,
  getLedgerAudit,
  postLedgerAudit,
  postTfaSetup,
  postTfaEnable,
  postTfaDisable,
  postUserTfaReset,
];

export interface AccountsDeps {
  /** Replaces the single-sign-on adapter chosen by SSO_PROVIDER. */
  sso?: SsoAdapter;
  /** The clock (PIN lock-outs, code expiry, direct-debit dates). */
  now?: () => Date;
  /** Replaces the payments client (the open direct-debit batch on the member's page). */
  payments?: InternalClient;
}

export async function buildAccountsApp(env: AccountsEnv, db: Connection, deps: AccountsDeps = {}): Promise<ServiceApp & { accounts: AccountsContext }> {
  registerAccountsModels(db);
  await ensureIndexes(db);
  const app = await createServiceApp({ name: 'accounts', env, db });
  const now = deps.now ?? (() => new Date());
  const directory = new AccountDirectory(db);
  // Heads posted by the other replicas, for the balances shown here (head-broadcast.ts).
  const heads = headBroadcast(env.REDIS_URL, env.QUEUE_PREFIX, ({ accountId, seq, balance, lastUsed }) => {
    directory.applyPosting(accountId, seq, balance, lastUsed ? new Date(lastUsed) : null);
    ledger.heard(accountId, seq, balance);
  });
  const ledger = new Ledger(db, {
    now,
    onCacheError: (err, accountId) => app.log.warn({ err, accountId }, 'ledger cache update failed; the next posting repairs it'),
    onPosted: ({ accountId, seq, balanceAfter, lastUsed }) => {
      directory.applyPosting(accountId, seq, balanceAfter, lastUsed);
      heads.publish({ accountId, seq, balance: balanceAfter, lastUsed: lastUsed?.toISOString() ?? null });
    },
    defaultCreditLimit: async () => (await getSettings(db)).creditLimit,
  });
  app.addHook('onClose', () => heads.close());
  // Cache writes run after the answer; let them land before the connection closes.
  app.addHook('onClose', async () => ledger.settled());
  const audit = accountsAuditClient(db);
  // A PIN lock-out is seen by the board: an audit entry (the account page shows the lock itself).
  const pinLocked = async (lock: PinLockEvent) => {
    await audit
      .record(
        {
          key: `account.pin.locked:${lock.accountId}:${lock.lockedUntil.getTime()}`,
          actor: { id: null, username: null },
          action: 'account.pin.locked',
          entity: 'account',
          entityId: lock.accountId,
          after: { lockedUntil: lock.lockedUntil.toISOString(), lockouts: lock.lockouts, registerId: lock.registerId },
          at: now(),
        },
        app.log,
      )
      .catch((err: unknown) => app.log.warn({ err: (err as Error).message, accountId: lock.accountId }, 'PIN lock-out audit entry not stored'));
  };
  const ctx: AccountsContext = {
    env,
    now,
    ledger,
    directory,
    pins: new PinGuard(db, env.PIN_PEPPER, now, pinLocked),
    tfa: new TfaGuard(db, env.PIN_PEPPER, now),
    logins: new LoginGuard(db, now),
    sso: deps.sso ?? createSsoAdapter(env, db, now),
    checkout: internalClient(serviceUrls(env, 'checkout'), env.INTERNAL_TOKEN),
    payments: deps.payments ?? internalClient(serviceUrls(env, 'payments'), env.INTERNAL_TOKEN),
    // Today's balance waits for this process's pending head caches, a second at most under a busy till.
    balanceDays: new BalanceDays(db, now, () => Promise.race([ledger.settled(), new Promise<void>((resolve) => setTimeout(resolve, 1_000).unref())])),
    audit,
  };
  registerAuditChecks(db, ctx);
  app.addHook('onClose', () => ctx.audit.close());
  // The balance at a date: old postings get their day once, closed days are worked out now and every ten minutes.
  keepUp(app, 'balance days', () => ctx.balanceDays.migrate().then(() => ctx.balanceDays.keepClosedDays()), () => ctx.balanceDays.keepClosedDays());
  await migrateMandates(db, now());
  for (const route of routes) route(app, ctx);
  if (ctx.sso instanceof StandinSsoAdapter) {
    getStandinAuthorize(app, ctx);
    postStandinAuthorize(app, ctx, ctx.sso);
  }
  warmPasswordCheck();
  await publishAll(app);
  return Object.assign(app, { accounts: ctx });
}
