import type { ReactNode } from 'react';
import { AccountPage } from './accounts/account-page';
import { AccountsPage } from './accounts/accounts-page';
import { LedgersPanel } from './accounts/ledgers-panel';
import { AccountRequestsPage } from './account-requests/account-requests-page';
import { AuditLogsPage } from './audit-logs/audit-logs-page';
import { BarPage } from './bar/bar-page';
import { CategoriesPage } from './categories/categories-page';
import { ExactPage } from './exact/exact-page';
import { ExactSetupPage } from './exact/exact-setup-page';
import { DirectDebitBatchPage } from './direct-debit/batch-page';
import { DirectDebitPage } from './direct-debit/direct-debit-page';
import { IdealPage } from './ideal/ideal-page';
import { LedgerAuditPanel } from './ledger-audit/ledger-audit-panel';
import { InvoicePage } from './invoices/invoice-page';
import { InvoicesPage } from './invoices/invoices-page';
import { ProductsPage } from './products/products-page';
import { RegisterPage, RegistersPage } from './registers/registers-page';
import { SettingsPage } from './settings/settings-page';
import { TransactionsPage } from './transactions/transactions-page';
import { OfflineRefusalsNotice, OfflineRefusalsPage } from './transactions/offline-refusals-page';
import { UserPage } from './users/user-page';
import { UsersPage } from './users/users-page';

/**
 * SPEC 2 admin children, relative to /admin. A feature replaces its element with its own page from
 * src/<feature>/<feature>-page.tsx.
 */
export const ADMIN_ROUTES: { path: string; element: ReactNode }[] = [
  { path: 'products', element: <ProductsPage /> },
  { path: 'categories', element: <CategoriesPage /> },
  { path: 'invoices', element: <InvoicesPage /> },
  { path: 'invoices/:invoiceId', element: <InvoicePage /> },
  { path: 'registers', element: <RegistersPage /> },
  { path: 'registers/:registerId', element: <RegisterPage /> },
  { path: 'bar', element: <BarPage /> },
  { path: 'accounts', element: <AccountsPage /> },
  { path: 'accounts/:accountId', element: <AccountPage /> },
  { path: 'account_requests', element: <AccountRequestsPage /> },
  { path: 'users', element: <UsersPage /> },
  { path: 'users/:userId', element: <UserPage /> },
  // The admin landing page is the dashboard: the ledger self-audit above the transactions.
  { path: 'transactions', element: <TransactionsPage header={<><LedgerAuditPanel /><OfflineRefusalsNotice /></>} /> },
  { path: 'transactions/offline_refusals', element: <OfflineRefusalsPage /> },
  { path: 'direct_debit', element: <DirectDebitPage /> },
  { path: 'direct_debit/:batchId', element: <DirectDebitBatchPage /> },
  { path: 'audit_logs', element: <AuditLogsPage /> },
  { path: 'ideal', element: <IdealPage /> },
  { path: 'settings', element: <SettingsPage /> },
  { path: 'exact/setup', element: <ExactSetupPage /> },
  { path: 'exact/oauth/success', element: <ExactSetupPage /> },
  // The ledgers' accounting codes are the accounts feature's; the export page shows them as its mapping form.
  { path: 'exact', element: <ExactPage mapping={<LedgersPanel />} /> },
];
