import type { ReactNode } from 'react';
import { AccountPage } from './accounts/account-page';
import { AccountsPage } from './accounts/accounts-page';
import { AccountRequestsPage } from './account-requests/account-requests-page';
import { AuditLogsPage } from './audit-logs/audit-logs-page';
import { BarPage } from './bar/bar-page';
import { CategoriesPage } from './categories/categories-page';
import { LedgerAuditPanel } from './ledger-audit/ledger-audit-panel';
import { AdminPage } from './shared/admin-page';
import { DetailPage } from './shared/detail-page';
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
  { path: 'invoices', element: <AdminPage title="Invoices" lead="Invoices for purchases on account and their payment status." /> },
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
  { path: 'direct_debit', element: <AdminPage title="Direct debit" lead="Monthly SEPA direct-debit batches for credit accounts." /> },
  {
    path: 'direct_debit/:batchId',
    element: <DetailPage title="Direct-debit batch" lead="One batch: its debits, the SEPA file and failed debits." param="batchId" backTo="/admin/direct_debit" backLabel="All batches" />,
  },
  { path: 'audit_logs', element: <AuditLogsPage /> },
  { path: 'ideal', element: <AdminPage title="iDEAL payments" lead="Online bank payments for top-ups and their status." /> },
  { path: 'settings', element: <SettingsPage /> },
  { path: 'exact/setup', element: <AdminPage title="Exact Online setup" lead="Connecting Kassa to the Exact Online accounting administration." /> },
  { path: 'exact/oauth/success', element: <AdminPage title="Exact Online setup" lead="Connecting Kassa to the Exact Online accounting administration." /> },
  { path: 'exact', element: <AdminPage title="Exact Online" lead="Export of sales and payments to the Exact Online accounting." /> },
];
