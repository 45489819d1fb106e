import { createApi } from '@reduxjs/toolkit/query/react';
import { kassaBaseQuery } from './base-query';
import type { KassaError } from './kassa-error';

/** Tag types any feature may provide or invalidate; add new ones here so every remote sees the same list. */
export const TAG_TYPES = [
  'Config',
  'SelfAccount',
  'Products',
  'Categories',
  'Reasons',
  'Accounts',
  'AccountRequests',
  'Transactions',
  /** The till's recent sales (mfe-pos): refetched after each sale, undo and offline replay. */
  'RecentSales',
  /** The till's shift (mfe-pos): refetched after an open, a safe drop and a close. */
  'Shift',
  'Registers',
  'Users',
  'Ledgers',
  'AuditLogs',
  'LedgerAudit',
  'Settings',
  'Invoices',
  'ExactConnection',
  'AccountingExports',
  'DirectDebit',
  'IdealPayments',
  'Approvals',
  'Payouts',
] as const;
export type TagType = (typeof TAG_TYPES)[number];

/**
 * The one API slice of the app (SPEC 7). Features add their endpoints with `api.injectEndpoints` in their own
 * `<feature>-api.ts` file and export the generated hooks from there.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: kassaBaseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
  // An answer that does not match its contract is an error like any other, not a crash.
  catchSchemaFailure: (error): KassaError => ({
    status: 200,
    code: 200,
    identifier: 'unknown_error',
    message: `Unexpected answer from the server (${error.issues.map((i) => i.message).join('; ')})`,
    lines: [],
  }),
});
