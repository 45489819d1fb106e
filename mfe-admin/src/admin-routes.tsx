import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { LedgerAuditPanel } from './ledger-audit/ledger-audit-panel';
import { TransactionsPage } from './transactions/transactions-page';
import { OfflineRefusalsNotice, OfflineRefusalsPage } from './transactions/offline-refusals-page';

/**
 * A page of its own chunk, loaded when its route is first opened: the admin's first screen (the transactions, its
 * landing page) does not wait for twenty other pages' code (bench/frontend: the remote's first load was 90 KB
 * compressed, over the 250 KB budget with the shell).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound: a page of any props
function lazyPage<M extends Record<K, ComponentType<any>>, K extends string>(load: () => Promise<M>, name: K): LazyExoticComponent<M[K]> {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

const AccountPage = lazyPage(() => import('./accounts/account-page'), 'AccountPage');
const AccountsPage = lazyPage(() => import('./accounts/accounts-page'), 'AccountsPage');
const LedgersPanel = lazyPage(() => import('./accounts/ledgers-panel'), 'LedgersPanel');
const AccountRequestsPage = lazyPage(() => import('./account-requests/account-requests-page'), 'AccountRequestsPage');
const ApprovalsPage = lazyPage(() => import('./approvals/approvals-page'), 'ApprovalsPage');
const AuditLogsPage = lazyPage(() => import('./audit-logs/audit-logs-page'), 'AuditLogsPage');
const BarPage = lazyPage(() => import('./bar/bar-page'), 'BarPage');
const CategoriesPage = lazyPage(() => import('./categories/categories-page'), 'CategoriesPage');
const ExactPage = lazyPage(() => import('./exact/exact-page'), 'ExactPage');
const ExactSetupPage = lazyPage(() => import('./exact/exact-setup-page'), 'ExactSetupPage');
const DebtorsPage = lazyPage(() => import('./debtors/debtors-page'), 'DebtorsPage');
const PayoutsPage = lazyPage(() => import('./payouts/payouts-page'), 'PayoutsPage');
const DormantPage = lazyPage(() => import('./dormant/dormant-page'), 'DormantPage');
const DirectDebitBatchPage = lazyPage(() => import('./direct-debit/batch-page'), 'DirectDebitBatchPage');
const DirectDebitPage = lazyPage(() => import('./direct-debit/direct-debit-page'), 'DirectDebitPage');
const IdealPage = lazyPage(() => import('./ideal/ideal-page'), 'IdealPage');
const InvoicePage = lazyPage(() => import('./invoices/invoice-page'), 'InvoicePage');
const InvoicesPage = lazyPage(() => import('./invoices/invoices-page'), 'InvoicesPage');
const ProductsPage = lazyPage(() => import('./products/products-page'), 'ProductsPage');
const ReportsPage = lazyPage(() => import('./reports/reports-page'), 'ReportsPage');
const ShiftPage = lazyPage(() => import('./reports/shifts-page'), 'ShiftPage');
const ShiftsPage = lazyPage(() => import('./reports/shifts-page'), 'ShiftsPage');
const RegisterPage = lazyPage(() => import('./registers/registers-page'), 'RegisterPage');
const RegistersPage = lazyPage(() => import('./registers/registers-page'), 'RegistersPage');
const SettingsPage = lazyPage(() => import('./settings/settings-page'), 'SettingsPage');
const UserPage = lazyPage(() => import('./users/user-page'), 'UserPage');
const UsersPage = lazyPage(() => import('./users/users-page'), 'UsersPage');

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
  { path: 'debtors', element: <DebtorsPage /> },
  { path: 'payouts', element: <PayoutsPage /> },
  { path: 'dormant', element: <DormantPage /> },
  { path: 'users', element: <UsersPage /> },
  { path: 'users/:userId', element: <UserPage /> },
  // The admin landing page is the dashboard: the ledger self-audit above the transactions.
  { path: 'transactions', element: <TransactionsPage header={<><LedgerAuditPanel /><OfflineRefusalsNotice /></>} /> },
  { path: 'transactions/offline_refusals', element: <OfflineRefusalsPage /> },
  { path: 'reports', element: <ReportsPage /> },
  { path: 'shifts', element: <ShiftsPage /> },
  { path: 'shifts/:shiftId', element: <ShiftPage /> },
  { path: 'direct_debit', element: <DirectDebitPage /> },
  { path: 'direct_debit/:batchId', element: <DirectDebitBatchPage /> },
  { path: 'approvals', element: <ApprovalsPage /> },
  { path: 'audit_logs', element: <AuditLogsPage /> },
  { path: 'ideal', element: <IdealPage /> },
  { path: 'settings', element: <SettingsPage /> },
  { path: 'exact/setup', element: <ExactSetupPage /> },
  { path: 'exact/oauth/success', element: <ExactSetupPage /> },
  // The ledgers' accounting codes are the accounts feature's; the export page shows them as its mapping form.
  { path: 'exact', element: <ExactPage mapping={<LedgersPanel />} /> },
];
