import { chargeFines } from './ledger/fines';
import { createServiceApp, registerRoutes, ensureIndexes, internalClient, serviceUrls, serviceUpkeep, type InternalClient, type ServiceApp, type AuditClient } from '@kassa/service-kit';
import { BalanceDays } from './ledger/accounts-admin/balance-days';
import { migrateMandates } from './ledger/accounts-admin/mandate-migration';
import { publishAll } from './identity/security/rights';
import type { Connection } from 'mongoose';
import type { AccountsEnv } from './config';
import type { AccountsContext } from './context';
import { AccountDirectory } from './ledger/directory/account-directory';
import { headBroadcast } from './ledger/head-broadcast';
import { getSettings } from './settings';
import { Ledger } from './ledger/ledger';
import { registerAccountsModels } from './models/all-models';
import { warmPasswordCheck } from './identity/security/passwords';
import { LoginGuard } from './identity/security/login-guard';
import { PinGuard, type PinLockEvent } from './ledger/pins/pin-guard';
import { TfaGuard } from './identity/security/tfa-guard';
import { createSsoAdapter } from './identity/sso/create-sso-adapter';
import type { SsoAdapter } from './identity/sso/sso-adapter';
import { accountsAuditClient } from './ledger/audit/audit';
import { registerAuditChecks } from './ledger/audit/audit-checks';
import { LowBalanceMails } from './notices/low-balance';
import { Notices } from './notices/notices';


export interface AccountsDeps {
  /** Replaces the single-sign-on adapter chosen by SSO_PROVIDER. */
  sso?: SsoAdapter;
  /** The clock (PIN lock-outs, code expiry, direct-debit dates). */
  now?: () => Date;
  /** Replaces the payments client (the open direct-debit batch on the member's page). */
  payments?: InternalClient;
  /** Makes the audit client in place of the service's own (a test that lets it "crash" between steps). */
  audit?: (db: Connection) => AuditClient;
}

export async function buildAccountsApp(env: AccountsEnv, db: Connection, deps: AccountsDeps = {}): Promise<ServiceApp & { accounts: Readonly<AccountsContext> }> {
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
  const notices = new Notices(db, env, app.log, now);
  const lowBalance = new LowBalanceMails(db, notices, app.log, now);
  const ledger = new Ledger(db, {
    now,
    onCacheError: (err, accountId) => app.log.warn({ err, accountId }, 'ledger cache update failed; the next posting repairs it'),
    onPosted: ({ accountId, seq, amount, balanceAfter, lastUsed }) => {
      directory.applyPosting(accountId, seq, balanceAfter, lastUsed);
      heads.publish({ accountId, seq, balance: balanceAfter, lastUsed: lastUsed?.toISOString() ?? null });
      lowBalance.posted({ accountId, seq, amount, balanceAfter });
    },
    defaultCreditLimit: async () => (await getSettings(db)).creditLimit,
  });
  app.addHook('onClose', () => heads.close());
  // Cache writes run after the answer; let them land before the connection closes.
  app.addHook('onClose', async () => ledger.settled());
  const audit = deps.audit?.(db) ?? accountsAuditClient(db);
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
  // Lists of balances (today's totals, the debtors) wait for this process's pending head caches, a second at most under a busy till.
  const headsWritten = () => Promise.race([ledger.settled(), new Promise<void>((resolve) => setTimeout(resolve, 1_000).unref())]);
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
    headsWritten,
    balanceDays: new BalanceDays(db, now, headsWritten),
    audit,
    notices,
    lowBalance,
  };
  registerAuditChecks(db, ctx);
  app.addHook('onClose', () => ctx.notices.close());
  app.addHook('onClose', () => ctx.audit.close());
  // The balance at a date: old postings get their day once, closed days are worked out now and every ten minutes.
  const upkeep = serviceUpkeep(app, env, 'accounts');
  upkeep.keep('balance days', () => ctx.balanceDays.migrate().then(() => ctx.balanceDays.keepClosedDays()), () => ctx.balanceDays.keepClosedDays());
  // Fines on a debt after a failed debit, when the settings switch them on: one replica looks every hour.
  upkeep.keep('fines', async () => undefined, () => chargeFines(db, ctx), 3_600_000);
  await migrateMandates(db, now());
  // Each domain keeps its routes (identity: users, sign-in, rights; ledger: accounts, postings, audit); the service-wide
  // settings and config stay in src/routes; notices: mails to members and their record; payouts: leavers paid out; dormant: accounts unused for more than a year.
  for (const routes of ['./identity/routes/', './ledger/routes/', './notices/routes/', './payouts/routes/', './dormant/routes/', './routes/']) await registerRoutes(app, new URL(routes, import.meta.url), ctx);
  warmPasswordCheck();
  await publishAll(app);
  return Object.assign(app, { accounts: ctx });
}
