import type { AdminRole, Capability } from '@kassa/contracts';

/**
 * Who may call each public route (SPEC section 6 and the admin-only rule). The security test calls every route of
 * every service as every demo user and anonymously and checks the answers against this table; a route that is not
 * listed here fails that test, so a new route cannot ship without a decision about who may call it.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  /** Any administrator, whatever their roles: reading the administration (every admin page reads). */
  | { kind: 'admin' }
  /** An administrator holding one of these roles (libs/contracts/src/roles.ts): a change. */
  | { kind: 'role'; roles: AdminRole[] }
  /** Every listed capability (SPEC 5). */
  | { kind: 'all'; caps: Capability[] }
  /** At least one of the listed capabilities (the account list serves two kinds of till). */
  | { kind: 'any'; caps: Capability[] };

const pub: Access = { kind: 'public' };
const signedIn: Access = { kind: 'signed-in' };
const admin: Access = { kind: 'admin' };
const role = (...roles: AdminRole[]): Access => ({ kind: 'role', roles });
const treasurer = role('treasurer');
const board = role('board');
const barCommittee = role('bar_committee');
const all = (...caps: Capability[]): Access => ({ kind: 'all', caps });
const any = (...caps: Capability[]): Access => ({ kind: 'any', caps });

/** Keys are `METHOD /path` with OpenAPI-style parameters; checkout's `{method}` is listed per method. */
export const ACCESS_RULES: Record<string, Access> = {
  // Sign-in and single sign-on (the stand-in provider's pages are the provider's, so public).
  'POST /api/login/': pub,
  'POST /api/login/oauth/viaduct/': pub,
  'POST /api/login/oauth/tfa/': pub,
  'POST /api/logout/': signedIn,
  'GET /api/login/oauth/viaduct/start': pub,
  'GET /api/sso/standin/authorize': pub,
  'POST /api/sso/standin/authorize': pub,
  // The signed-in user's own things.
  'GET /api/config/': signedIn,
  'POST /api/user/condition/': signedIn,
  'POST /api/user/tfa/setup': signedIn,
  'POST /api/user/tfa/enable': signedIn,
  'POST /api/user/tfa/disable': signedIn,
  'GET /api/user/profile': signedIn,
  'PUT /api/user/profile': signedIn,
  'GET /api/account/notices': signedIn,
  'GET /api/account/payout': signedIn,
  'POST /api/account/payout': signedIn,
  'DELETE /api/account/payout': signedIn,
  'GET /api/account/': signedIn,
  'GET /api/account/transactions': signedIn,
  'GET /api/account/transactions/count': signedIn,
  'GET /api/account/wrapped/': signedIn,
  'POST /api/account/pin': signedIn,
  'GET /api/account_request/pending': signedIn,
  'POST /api/account_request/request': signedIn,
  'POST /api/account/upgrade': signedIn,
  'GET /api/account/upgrade/{id}': signedIn,
  // The till.
  'GET /api/products/': signedIn,
  'GET /api/checkout/reasons/': all('PAYMENT_OTHER'),
  'GET /api/accounts/': any('PAYMENT_ACCOUNT_AUTHED', 'PAYMENT_ACCOUNT_OTHER'),
  'POST /api/reader/register/': any('PAYMENT_ACCOUNT_AUTHED', 'PAYMENT_ACCOUNT_OTHER'),
  'POST /api/checkout/cash/': all('PAYMENT_CASH'),
  'POST /api/checkout/card/': all('PAYMENT_CARD'),
  'POST /api/checkout/account/': any('PAYMENT_ACCOUNT_AUTHED', 'PAYMENT_ACCOUNT_OTHER'),
  'POST /api/checkout/self/': all('PAYMENT_ACCOUNT_SELF'),
  'POST /api/checkout/other/': all('PAYMENT_OTHER'),
  'POST /api/transactions/{id}/undo/': all('PAYMENT_UNDO'),
  'GET /api/transactions/recent/': all('PAYMENT_UNDO'),
  'POST /api/transactions/{id}/finish/': signedIn,
  'GET /api/transactions/card/{id}/status/': signedIn,
  // Shifts: the drawer of a till that takes cash.
  'GET /api/shifts/current': all('PAYMENT_CASH'),
  'GET /api/shifts/{id}': all('PAYMENT_CASH'),
  'POST /api/shifts/': all('PAYMENT_CASH'),
  'POST /api/shifts/{id}/safe_drops/': all('PAYMENT_CASH'),
  'POST /api/shifts/{id}/close/': all('PAYMENT_CASH'),
  // Public screens and the online payment provider's callbacks and stand-in pages.
  'GET /api/products/menu/': pub,
  'POST /api/payments/webhook': pub,
  'GET /api/payments/standin/{id}': pub,
  'POST /api/payments/standin/{id}': pub,
  // The stand-in Exact Online's consent page is the provider's, so public (it only ever returns to /admin/exact/oauth/success).
  'GET /api/payments/exact-standin/authorize': pub,
  'POST /api/payments/exact-standin/authorize': pub,
  // Administration.
  'GET /api/admin/account_requests': admin,
  'POST /api/admin/account_requests/{id}/status': board,
  'GET /api/admin/audit_logs': admin,
  'GET /api/admin/ledger_audit': admin,
  'POST /api/admin/ledger_audit': admin,
  'GET /api/admin/settings/': admin,
  'PUT /api/admin/settings/': board,
  'POST /api/admin/settings/terms': board,
  'POST /api/admin/users/{id}/tfa/reset': board,
  'GET /api/admin/users/': admin,
  'GET /api/admin/users/{id}/': admin,
  'POST /api/admin/users/': board,
  'PATCH /api/admin/users/{id}/': board,
  'POST /api/admin/users/{id}/password': board,
  'GET /api/admin/registers/': admin,
  'GET /api/admin/registers/{id}/': admin,
  'POST /api/admin/registers/': barCommittee,
  'PUT /api/admin/registers/{id}/': barCommittee,
  'DELETE /api/admin/registers/{id}/': barCommittee,
  'GET /api/admin/accounts/': admin,
  'POST /api/admin/accounts/': board,
  'GET /api/admin/accounts/{id}/': admin,
  'PUT /api/admin/accounts/{id}/': board,
  'PATCH /api/admin/accounts/{id}/': board,
  'DELETE /api/admin/accounts/{id}/': board,
  'POST /api/admin/accounts/{id}/upgrade/': treasurer,
  'POST /api/admin/accounts/{id}/fines/{seq}/waive': treasurer,
  'GET /api/admin/accounts/{id}/postings/': admin,
  'GET /api/admin/accounts/{id}/notices/': admin,
  'GET /api/admin/accounts/balance/': admin,
  'GET /api/admin/accounts/ledgers/': admin,
  'PUT /api/admin/accounts/ledgers/{id}/': treasurer,
  'GET /api/admin/ledgers/{id}/transactions/count/': admin,
  'GET /api/admin/transactions/': admin,
  'GET /api/admin/transactions/offline_refusals/': admin,
  'GET /api/admin/reports/day': admin,
  'GET /api/admin/reports/day.csv': admin,
  'GET /api/admin/reports/day.pdf': admin,
  'GET /api/admin/reports/overview': admin,
  'GET /api/admin/shifts/': admin,
  'GET /api/admin/shifts/{id}/report': admin,
  'GET /api/admin/shifts/{id}/report.pdf': admin,
  'GET /api/admin/shifts/{id}/report.csv': admin,
  'DELETE /api/admin/transactions/{id}/': treasurer,
  'GET /api/admin/ideal/': admin,
  // The accounting export (Exact Online or CSV).
  'GET /api/admin/exact/connection': admin,
  'DELETE /api/admin/exact/connection': treasurer,
  'POST /api/admin/exact/connect': treasurer,
  'POST /api/admin/exact/oauth/callback': treasurer,
  'GET /api/admin/exact/exports': admin,
  'POST /api/admin/exact/exports': treasurer,
  'POST /api/admin/exact/exports/{id}/retry': treasurer,
  'GET /api/admin/exact/journal': admin,
  'GET /api/admin/exact/journal.csv': admin,
  'GET /api/admin/debtors/': admin,
  'GET /api/admin/debtors/csv': admin,
  'GET /api/admin/payouts/': admin,
  'POST /api/admin/payouts/': treasurer,
  'POST /api/admin/payouts/{id}/approve': treasurer,
  'POST /api/admin/payouts/{id}/cancel': treasurer,
  'GET /api/admin/payouts/files/': admin,
  'POST /api/admin/payouts/files/': treasurer,
  'GET /api/admin/payouts/files/{id}': admin,
  'GET /api/admin/payouts/files/{id}/xml': treasurer,
  'POST /api/admin/payouts/files/{id}/sent': treasurer,
  'GET /api/admin/dormant/': admin,
  'POST /api/admin/dormant/run': board,
  'POST /api/admin/dormant/{month}/close': board,
  // The catalogue.
  'GET /api/admin/products/': admin,
  'GET /api/admin/products/all/': admin,
  'POST /api/admin/products/': barCommittee,
  'PUT /api/admin/products/{id}/': barCommittee,
  'DELETE /api/admin/products/{id}/': barCommittee,
  'GET /api/admin/products/{id}/count/': admin,
  'GET /api/admin/products/{id}/count_per_day/': admin,
  'GET /api/admin/categories/': admin,
  'POST /api/admin/categories/': barCommittee,
  'PUT /api/admin/categories/{id}/': barCommittee,
  'DELETE /api/admin/categories/{id}/': barCommittee,
  'GET /api/admin/reasons/': admin,
  'POST /api/admin/reasons/': barCommittee,
  'PUT /api/admin/reasons/{id}/': barCommittee,
  'DELETE /api/admin/reasons/{id}/': barCommittee,
  'GET /api/admin/bar/menu/': admin,
  'PUT /api/admin/bar/menu/': barCommittee,
  'GET /api/admin/terminal/standin': admin,
  'PUT /api/admin/terminal/standin': barCommittee,
  // Direct debit (payments).
  'GET /api/admin/direct_debit/': admin,
  'GET /api/admin/direct_debit/preview': admin,
  'POST /api/admin/direct_debit/': treasurer,
  'GET /api/admin/direct_debit/{id}/': admin,
  'GET /api/admin/direct_debit/{id}/file': admin,
  'POST /api/admin/direct_debit/{id}/cancel': treasurer,
  'POST /api/admin/direct_debit/{id}/collected': treasurer,
  'POST /api/admin/direct_debit/{id}/failed': treasurer,
  // Invoices (checkout).
  'GET /api/admin/invoices/': admin,
  'GET /api/admin/invoices/preview/': admin,
  'GET /api/admin/invoices/{id}/': admin,
  'GET /api/admin/invoices/{id}/pdf': admin,
  'POST /api/admin/invoices/': treasurer,
  'PUT /api/admin/invoices/{id}/': treasurer,
  'DELETE /api/admin/invoices/{id}/': treasurer,
  'POST /api/admin/invoices/{id}/finalise/': treasurer,
  'POST /api/admin/invoices/{id}/pay/': treasurer,
  'POST /api/admin/invoices/{id}/credit/': treasurer,
  // iDEAL payments page: check a top-up again at the provider.
  'POST /api/admin/ideal/{id}/check/': treasurer,
  // Four eyes (issue 50 §5): what waits for a second admin, per service; a reject by the action's role (approving is
  // calling the action itself as another admin). Accounts keeps closes (board) and large corrections (treasurer).
  'GET /api/admin/approvals/accounts/': admin,
  'DELETE /api/admin/approvals/accounts/{key}': role('board', 'treasurer'),
  'GET /api/admin/approvals/checkout/': admin,
  'DELETE /api/admin/approvals/checkout/{key}': treasurer,
  'GET /api/admin/approvals/payments/': admin,
  'DELETE /api/admin/approvals/payments/{key}': treasurer,
};
