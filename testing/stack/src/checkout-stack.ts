import type { Capability, InternalAccount, TokenClaims } from '@kassa/contracts';
import { AppError, connectMongo, internalClient, type InternalClient, type ServiceApp } from '@kassa/service-kit';
import { claims, clearRedisPrefix, releaseTestPrefix, testEnv } from '@kassa/service-kit/testing';
import type { LightMyRequestResponse } from 'fastify';
import { Types } from 'mongoose';
import { pino } from 'pino';
import { accountModel } from '@kassa/accounts/src/ledger/models/account.model';
import { postingModel } from '@kassa/accounts/src/ledger/models/posting.model';
import { userModel } from '@kassa/accounts/src/identity/models/user.model';
import { hashPin } from '@kassa/accounts/src/ledger/pins/secrets';
import { buildAccountsApp, type AccountsDeps } from '@kassa/accounts/src/app';
import { startAccountsTestApp, stopAccountsTestApp } from '@kassa/accounts/src/testing/accounts-test-app';
import { buildCatalogApp } from '@kassa/catalog/src/app';
import { CatalogEnv } from '@kassa/catalog/src/config';
import { seedCatalogDemo } from '@kassa/catalog/src/demo/seed-demo';
import { productModel } from '@kassa/catalog/src/models/product.model';
import { categoryModel } from '@kassa/catalog/src/models/category.model';
import { buildPaymentsApp } from '@kassa/payments/src/app';
import { PaymentsEnv } from '@kassa/payments/src/config';
import { startTerminalWorker, type TerminalWorkerDeps } from '@kassa/payments/src/terminal/jobs/terminal-worker';
import { buildCheckoutApp } from '@kassa/checkout/src/app';
import { CheckoutEnv } from '@kassa/checkout/src/config';
import type { CheckoutDeps } from '@kassa/checkout/src/context';

/** A settable clock for the undo window, so no test waits ten minutes. */
export class TestClock {
  constructor(public current = new Date('2026-03-14T21:30:00Z')) {}
  now = () => new Date(this.current);
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface StackOptions {
  /** Run the payments service and its terminal worker too (card sales). */
  card?: boolean;
  deps?: Partial<CheckoutDeps>;
  clock?: TestClock;
  /** The accounts service (its ledger's posting days, the demo's opening postings) on this clock too. */
  accountsOnClock?: boolean;
  /** A second replica of accounts and of checkout on the same databases (checkout calls both accounts replicas). */
  replicas?: boolean;
  /** With `card`: how many terminal workers poll the one queue (default 1), and what each of them is given. */
  terminalWorkers?: number;
  workerDeps?: (worker: number, env: PaymentsEnv) => TerminalWorkerDeps;
  /** More of checkout's environment (e.g. SALES_SETTINGS_CACHE_MS '0': a changed setting reaches the next sale). */
  checkoutEnv?: Record<string, string>;
}

/**
 * The real accounts and catalog services (demo data), optionally payments with its worker, and checkout wired to
 * them over HTTP on free ports; each on a database of its own on the run's FerretDB (new, or one an earlier stack of
 * this worker left emptied: releaseTestPrefix) and its own queue prefix.
 */
export async function startCheckoutStack(mongoUri: string, opts: StackOptions = {}) {
  const log = pino({ level: 'silent' });
  const closers: (() => Promise<void>)[] = [];
  /** The services' databases, emptied for this worker's next stack once everything here has closed. */
  const released: [env: { MONGODB_URI: string; MONGODB_DB_PREFIX: string }, service: string][] = [];

  // With `card`, accounts asks the real payments (started below) for the open direct-debit batch.
  let paymentsClient: InternalClient | null = null;
  const paymentsDep: Partial<AccountsDeps> = opts.card ? { payments: (path, schema, o) => paymentsClient!(path, schema, o) } : {};
  const accounts = await startAccountsTestApp(mongoUri, { seed: true, deps: { ...paymentsDep, ...(opts.accountsOnClock && opts.clock ? { now: opts.clock.now } : {}) } });
  closers.push(() => stopAccountsTestApp(accounts.app));
  const accountsUrl = await accounts.app.listen({ port: 0, host: '127.0.0.1' });
  const accountsUrls = [accountsUrl];
  if (opts.replicas) {
    const second = await buildAccountsApp(accounts.env, await connectMongo(accounts.env.MONGODB_URI, `${accounts.env.MONGODB_DB_PREFIX}_accounts`), { now: accounts.app.accounts.now, payments: accounts.app.accounts.payments });
    closers.push(() => second.close());
    accountsUrls.push(await second.listen({ port: 0, host: '127.0.0.1' }));
  }

  const catalogEnv = CatalogEnv.parse(testEnv(mongoUri, { ACCOUNTS_URL: accountsUrl }, { service: 'catalog' }));
  const catalogDb = await connectMongo(catalogEnv.MONGODB_URI, `${catalogEnv.MONGODB_DB_PREFIX}_catalog`);
  // Checkout starts after the catalog (it prices through it): the catalog's sales counts reach it once it listens.
  let checkoutClient: InternalClient | null = null;
  const catalog = await buildCatalogApp(catalogEnv, catalogDb, { checkout: (path, schema, o) => checkoutClient!(path, schema, o) });
  await seedCatalogDemo(catalogDb);
  released.push([catalogEnv, 'catalog']);
  closers.push(() => catalog.close());
  const catalogUrl = await catalog.listen({ port: 0, host: '127.0.0.1' });

  let payments: ServiceApp | null = null;
  let paymentsUrl = 'http://127.0.0.1:9';
  // Payments runs on the real clock while accounts and checkout may run on a test clock: its batches may be collected
  // before their collection date (direct-debit.int.test.ts checks that rule on a payments clock of its own).
  const paymentsEnv = PaymentsEnv.parse(
    testEnv(mongoUri, { STANDIN_TERMINAL_DELAY_MS: '150', TERMINAL_POLL_MS: '100', ACCOUNTS_URL: accountsUrl, CATALOG_URL: catalogUrl, DIRECT_DEBIT_COLLECT_EARLY: '1' }, { service: opts.card ? 'payments' : undefined }),
  );
  if (opts.card) {
    closers.push(() => clearRedisPrefix(paymentsEnv.REDIS_URL, paymentsEnv.QUEUE_PREFIX));
    const paymentsDb = await connectMongo(paymentsEnv.MONGODB_URI, `${paymentsEnv.MONGODB_DB_PREFIX}_payments`);
    // Checkout starts after payments (it starts card payments through it): the journal's sales reach it once it listens.
    payments = await buildPaymentsApp(paymentsEnv, paymentsDb, { checkout: (path, schema, o) => checkoutClient!(path, schema, o) });
    const app = payments;
    released.push([paymentsEnv, 'payments']);
    closers.push(() => app.close());
    paymentsUrl = await payments.listen({ port: 0, host: '127.0.0.1' });
    paymentsClient = internalClient(paymentsUrl, paymentsEnv.INTERNAL_TOKEN);
  }

  const env = CheckoutEnv.parse(
    testEnv(mongoUri, { ACCOUNTS_URL: accountsUrl, ACCOUNTS_URLS: accountsUrls.join(','), CATALOG_URL: catalogUrl, PAYMENTS_URL: paymentsUrl, ...opts.checkoutEnv }, { service: 'checkout' }),
  );
  const db = await connectMongo(env.MONGODB_URI, `${env.MONGODB_DB_PREFIX}_checkout`);
  const app = await buildCheckoutApp(env, db, { ...opts.deps, ...(opts.clock ? { now: opts.clock.now } : {}) });
  /** Another checkout process on the same database, with its own deps. */
  const anotherCheckout = async (deps: Partial<CheckoutDeps>) => buildCheckoutApp(env, await connectMongo(env.MONGODB_URI, `${env.MONGODB_DB_PREFIX}_checkout`), deps);
  released.push([env, 'checkout']);
  closers.push(() => app.close());
  const checkoutUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  /** Every replica of checkout: the first, and with `replicas` a second on the same database. */
  const checkoutApps: ServiceApp[] = [app];
  if (opts.replicas) {
    const second = await anotherCheckout({ ...opts.deps, ...(opts.clock ? { now: opts.clock.now } : {}) });
    closers.push(() => second.close());
    checkoutApps.push(second);
  }
  checkoutClient = internalClient(checkoutUrl, env.INTERNAL_TOKEN);

  if (payments) {
    const workerEnv = { ...paymentsEnv, CHECKOUT_URL: checkoutUrl };
    for (let i = 0; i < (opts.terminalWorkers ?? 1); i++) {
      const worker = await startTerminalWorker(workerEnv, payments.db, log, opts.workerDeps?.(i, workerEnv) ?? {});
      closers.push(() => worker.close());
    }
  }

  const accountsDb = accounts.db;
  const internal = { 'x-internal-token': env.INTERNAL_TOKEN };
  const member = await userModel(accountsDb).findOne({ username: 'member' }).lean();
  const products = await productModel(catalogDb).find({ active: true }).sort({ price: 1 }).lean();

  const stack = {
    app,
    env,
    /** Where checkout, accounts and the catalog listen (for a service a test builds itself). */
    urls: { checkout: checkoutUrl, accounts: accountsUrl, catalog: catalogUrl },
    accounts: accounts.app,
    catalog,
    payments,
    accountsDb,
    catalogDb,
    memberUserId: String(member!._id),
    memberAccountId: String(member!.accountId),
    /** Demo categories in till order. */
    categoryIds: (await categoryModel(catalogDb).find().sort({ position: 1, name: 1 }).lean()).map((c) => String(c._id)),
    /** Demo products without a deposit, cheapest first: what one unit costs at the till is its price. */
    products: products.filter((p) => !(p.depositAmount ?? 0)).map((p) => ({ id: String(p._id), name: p.name, price: p.price })),
    /** Demo products with a deposit (statiegeld), cheapest first: a unit costs price + deposit. */
    depositProducts: products.filter((p) => (p.depositAmount ?? 0) > 0).map((p) => ({ id: String(p._id), name: p.name, price: p.price, deposit: p.depositAmount })),

    token(capabilities: Capability[], over: Partial<TokenClaims> = {}) {
      return `Bearer ${app.signToken(claims({ capabilities, ...over }))}`;
    },

    checkoutApps,
    anotherCheckout,

    /**
     * The accounts client of a checkout process that dies around a ledger posting: right after accounts took it, or
     * before it was sent. Either way the caller sees a dropped connection (503), as when the process dies.
     */
    accountsThatDie(when: 'after posting' | 'before posting'): InternalClient {
      const real = internalClient(env.ACCOUNTS_URL, env.INTERNAL_TOKEN);
      return async (path, schema, o) => {
        if (when === 'after posting') await real(path, schema, o);
        throw new AppError(503, 'service_unavailable', 'connection reset');
      };
    },

    /** A sale through checkout (`replica` 1: its second replica, with the `replicas` option). */
    pay(method: string, body: object, capabilities: Capability[], over: Partial<TokenClaims> = {}, replica = 0): Promise<LightMyRequestResponse> {
      return checkoutApps[replica]!.inject({ method: 'POST', url: `/api/checkout/${method}/`, headers: { authorization: stack.token(capabilities, over) }, payload: body });
    },

    /** A fresh account with PIN 1234 and `balance` cents, credited through the real ledger. */
    async createAccount(name: string, balance: number, opts: { credit?: boolean } = {}): Promise<string> {
      const created = await accountModel(accountsDb).create({ name, creditAccount: opts.credit ?? false, ...hashPin(accounts.env.PIN_PEPPER, '1234') });
      const id = String(created._id);
      if (balance !== 0) {
        const res = await accounts.app.inject({
          method: 'POST',
          url: '/internal/ledger/postings',
          headers: internal,
          payload: { target: { accountId: id }, amount: balance, key: `opening:${id}`, kind: 'opening', ref: 'test' },
        });
        if (res.statusCode !== 200) throw new Error(`opening posting failed: ${res.body}`);
      }
      return id;
    },

    async balance(accountId: string): Promise<number> {
      const res = await accounts.app.inject({ method: 'GET', url: `/internal/accounts/${accountId}`, headers: internal });
      return (res.json().result as InternalAccount).balance;
    },

    /** Postings on an account besides its opening one. */
    postingsOf(accountId: string) {
      return postingModel(accountsDb).find({ accountId: new Types.ObjectId(accountId), kind: { $ne: 'opening' } }).lean();
    },

    postingsWithKey(key: string) {
      return postingModel(accountsDb).countDocuments({ key });
    },

    async close() {
      for (const close of closers.reverse()) await close();
      for (const [serviceEnv, service] of released) await releaseTestPrefix(serviceEnv, service);
    },
  };
  return stack;
}

export type CheckoutStack = Awaited<ReturnType<typeof startCheckoutStack>>;

/** An association's invoice sender and direct-debit creditor, for tests where invoices, batches and the journal meet. */
export const BOOKS_SETTINGS = {
  invoiceSender: { name: 'Studievereniging Zoë', address: 'Kanaalweg 1\n1234 AB Utrecht', vatNumber: 'NL123456789B01', kvkNumber: '12345678', iban: 'NL91ABNA0417164300', email: '' },
  creditorName: 'Studievereniging Zoë',
  creditorIban: 'NL91ABNA0417164300',
  creditorBic: 'ABNANL2A',
  creditorId: 'NL28ZZZ401234560000',
  // Members told a day ahead: a test's batch collects on the next business day (the setting's default is 14).
  prenotificationDays: 1,
};

/** Sets BOOKS_SETTINGS through the admin API (as a treasurer does once); throws when refused. */
export async function setBooksSettings(stack: CheckoutStack, adminToken: string): Promise<void> {
  const res = await stack.accounts.inject({ method: 'PUT', url: '/api/admin/settings/', headers: { authorization: adminToken }, payload: BOOKS_SETTINGS });
  if (res.statusCode !== 200) throw new Error(`settings refused: ${res.body}`);
}
