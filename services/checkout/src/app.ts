import { approvalRoutes, auditClient, createServiceApp, ensureIndexes, internalClient, serviceUrls, keepUp, migrationModel, type ServiceApp } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import type { CheckoutEnv } from './config';
import { transactionModel } from './models/transaction.model';
import { saleDayModel } from './models/sale-day.model';
import { SaleDays } from './sales/sale-days';
import { CardTries } from './sales/card-tries';
import deleteTransaction from './routes/admin/delete-transaction.route';
import getTransactions from './routes/admin/get-transactions.route';
import getOfflineRefusals from './routes/admin/get-offline-refusals.route';
import { offlineRefusalModel } from './models/offline-refusal.model';
import postCheckout from './routes/checkout/post-checkout.route';
import getAccountSales from './routes/internal/get-account-sales.route';
import getProductSales from './routes/internal/get-product-sales.route';
import getSalesCount from './routes/internal/get-sales-count.route';
import getDaySales from './routes/internal/get-day-sales.route';
import getSalesJournal from './routes/internal/get-sales-journal.route';
import getInvoicedDebts from './routes/internal/get-invoiced-debts.route';
import postCardOutcome from './routes/internal/post-card-outcome.route';
import postFinish from './routes/transactions/post-finish.route';
import postUndo from './routes/transactions/post-undo.route';
import getRecent from './routes/transactions/get-recent.route';
import type { CheckoutContext, CheckoutDeps } from './sales/context';
import { publicScreenSettings, redisLivePublisher } from './sales/live-feed';
import { priceBook } from './sales/price-book';
import { registerUndoAuditCheck } from './sales/undo';
import { settleStrandedSales } from './sales/stranded-sales';
import { invoiceModel } from './invoices/invoice.model';
import { invoiceNumberModel } from './invoices/invoice-number.model';
import { registerInvoiceAuditCheck } from './invoices/invoices';
import getInvoices from './routes/admin/get-invoices.route';
import getInvoice from './routes/admin/get-invoice.route';
import getInvoicePreview from './routes/admin/get-invoice-preview.route';
import postInvoice from './routes/admin/post-invoice.route';
import putInvoice from './routes/admin/put-invoice.route';
import deleteInvoice from './routes/admin/delete-invoice.route';
import postInvoiceFinalise from './routes/admin/post-invoice-finalise.route';
import postInvoicePay from './routes/admin/post-invoice-pay.route';
import postInvoiceCredit from './routes/admin/post-invoice-credit.route';
import getInvoicePdf from './routes/admin/get-invoice-pdf.route';
import getInvoiceMoneyStates from './routes/internal/get-invoice-money-states.route';

const routes = [postCheckout, postUndo, getRecent, postFinish, postCardOutcome, getTransactions, deleteTransaction, getAccountSales, getProductSales, getSalesCount, getDaySales, getSalesJournal, getOfflineRefusals];
const invoiceRoutes = [getInvoicedDebts, getInvoices, getInvoicePreview, getInvoice, getInvoicePdf, postInvoice, putInvoice, deleteInvoice, postInvoiceFinalise, postInvoicePay, postInvoiceCredit, getInvoiceMoneyStates, approvalRoutes('checkout', ['treasurer'])];

/** The checkout service; `deps` replaces the clients of other services (unit tests pass fakes). */
export async function buildCheckoutApp(env: CheckoutEnv, db: Connection, deps: Partial<CheckoutDeps> = {}): Promise<ServiceApp> {
  transactionModel(db);
  saleDayModel(db);
  invoiceModel(db);
  invoiceNumberModel(db);
  offlineRefusalModel(db);
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
  // The admin list's day register: registered once from old sales, closed days counted now and every ten minutes.
  keepUp(app, 'sale days', () => ctx.saleDays.migrate().then(() => ctx.saleDays.countClosedDays()), () => ctx.saleDays.countClosedDays());
  // Sales whose posting went through while their record was left unfinished (a process that died mid-sale, a till that
  // never sent the nonce again): at start, which is when a replica that died comes back, and every five minutes, well
  // inside the ledger audit's ten minutes of grace.
  keepUp(app, 'stranded sales', () => settleStrandedSales(ctx), () => settleStrandedSales(ctx), 5 * 60_000);
  for (const route of [...routes, ...invoiceRoutes]) route(app, ctx);
  return app;
}
