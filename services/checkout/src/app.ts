import { addDays, auditClient, dayRegisterModel, createServiceApp, registerRoutes, ensureIndexes, internalClient, localDay, serviceUrls, serviceUpkeep, migrationModel, type ServiceApp } from '@kassa/service-kit';
import { OVERVIEW_DAYS } from '@kassa/contracts';
import type { Connection } from 'mongoose';
import type { CheckoutEnv } from './config';
import { transactionModel } from './models/transaction.model';
import { migrateSaleHours } from './reports/sale-hours';
import { daySums } from './reports/day-sums';
import { daysOf } from './reports/sales-report';
import { SaleDays } from './sales/sale-days';
import { CardTries } from './sales/card-tries';
import { offlineRefusalModel } from './models/offline-refusal.model';
import type { CheckoutContext, CheckoutDeps } from './context';
import { publicScreenSettings, redisLivePublisher } from './sales/live-feed';
import { salesSettings } from './sales/sales-settings';
import { priceBook } from './sales/price-book';
import { registerUndoAuditCheck } from './sales/undo';
import { settleStrandedSales } from './sales/stranded-sales';
import { invoiceModel } from './invoices/invoice.model';
import { invoiceNumberModel } from './invoices/invoice-number.model';
import { registerInvoiceAuditCheck } from './invoices/invoices';
import { shiftClaimModel, shiftModel } from './shifts/models/shift.model';


/** The checkout service; `deps` replaces the clients of other services (unit tests pass fakes). */
export async function buildCheckoutApp(env: CheckoutEnv, db: Connection, deps: Partial<CheckoutDeps> = {}): Promise<ServiceApp> {
  transactionModel(db);
  dayRegisterModel(db, 'SaleDay');
  invoiceModel(db);
  invoiceNumberModel(db);
  offlineRefusalModel(db);
  shiftModel(db);
  shiftClaimModel(db);
  migrationModel(db);
  await ensureIndexes(db);
  const app = await createServiceApp({ name: 'checkout', env, db });
  const live = deps.live ?? redisLivePublisher(env.REDIS_URL, env.QUEUE_PREFIX, app.log);
  if (!deps.live) app.addHook('onClose', async () => live.close());
  const catalog = deps.catalog ?? internalClient(serviceUrls(env, 'catalog'), env.INTERNAL_TOKEN);
  const accounts = deps.accounts ?? internalClient(serviceUrls(env, 'accounts'), env.INTERNAL_TOKEN);
  const ctx: CheckoutContext = {
    env,
    db,
    log: app.log,
    accounts,
    catalog,
    publicScreen: publicScreenSettings(accounts, env.PUBLIC_SCREEN_CACHE_MS),
    salesSettings: salesSettings(accounts, env.SALES_SETTINGS_CACHE_MS),
    prices: priceBook(catalog),
    payments: deps.payments ?? internalClient(serviceUrls(env, 'payments'), env.INTERNAL_TOKEN),
    live,
    audit: deps.audit ?? auditClient(serviceUrls(env, 'accounts'), env.INTERNAL_TOKEN, { service: 'checkout', outbox: db }),
    now: deps.now ?? (() => new Date()),
    cardTries: new CardTries(db, deps.now ?? (() => new Date())),
    saleDays: new SaleDays(db, deps.now ?? (() => new Date()), env.TIME_ZONE),
  };
  registerUndoAuditCheck(ctx);
  registerInvoiceAuditCheck(ctx);
  app.addHook('onClose', () => ctx.audit.close());
  const upkeep = serviceUpkeep(app, env, 'checkout');
  const sumYear = () => daySums(ctx, daysOf(addDays(localDay(ctx.now(), env.TIME_ZONE), -(Math.max(...OVERVIEW_DAYS) - 1)), localDay(ctx.now(), env.TIME_ZONE)));
  // The admin list's day register: registered once from old sales, closed days counted now and every ten minutes.
  // The hour of old sales (the reports' busiest hours), once.
  let hoursKnown: Promise<unknown> = Promise.resolve();
  upkeep.keep(
    'sale days',
    () => {
      hoursKnown = ctx.saleDays.migrate().then(() => migrateSaleHours(ctx.db, ctx.now(), env.TIME_ZONE));
      return hoursKnown.then(() => ctx.saleDays.countClosedDays());
    },
    () => ctx.saleDays.countClosedDays(),
  );
  // Sales whose posting went through while their record was left unfinished (a process that died mid-sale, a till that
  // never sent the nonce again): at start, which is when a replica that died comes back, and every five minutes, well
  // inside the ledger audit's ten minutes of grace.
  upkeep.keep('stranded sales', () => settleStrandedSales(ctx), () => settleStrandedSales(ctx), 5 * 60_000);
  // The treasurer's view of a year reads each closed day's kept sums: one replica sums the past year's days ahead of
  // the page each hour, once the sales' hours are known (only days not kept yet, or whose sales changed since, are read).
  upkeep.keep('report days', async () => undefined, () => hoursKnown.then(sumYear), 60 * 60_000);
  for (const routes of ['./routes/', './shifts/routes/']) await registerRoutes(app, new URL(routes, import.meta.url), ctx);
  return app;
}
