import { SERVICE_NAMES, serviceUrls, type ServiceName } from '@kassa/service-kit';
import type { GatewayEnv } from './config';

export type { ServiceName };

/**
 * Which service answers which public path prefix. The most specific prefix wins (the router prefers the longer static
 * path), so `/api/checkout/reasons` goes to the catalog while the rest of `/api/checkout` goes to checkout.
 * Internal routes (/internal/*) are never listed here, so the public origin cannot reach them.
 */
export const ROUTE_TABLE: { prefix: string; service: ServiceName }[] = [
  { prefix: '/api/login', service: 'accounts' },
  { prefix: '/api/logout', service: 'accounts' },
  { prefix: '/api/user', service: 'accounts' },
  { prefix: '/api/config', service: 'accounts' },
  { prefix: '/api/accounts', service: 'accounts' },
  { prefix: '/api/account', service: 'accounts' },
  // Online top-ups are payments' (the longer prefix wins over /api/account).
  { prefix: '/api/account/upgrade', service: 'payments' },
  { prefix: '/api/account_request', service: 'accounts' },
  { prefix: '/api/reader', service: 'accounts' },
  { prefix: '/api/sso', service: 'accounts' },
  { prefix: '/api/admin/accounts', service: 'accounts' },
  { prefix: '/api/admin/account_requests', service: 'accounts' },
  { prefix: '/api/admin/users', service: 'accounts' },
  { prefix: '/api/admin/registers', service: 'accounts' },
  { prefix: '/api/admin/settings', service: 'accounts' },
  { prefix: '/api/admin/audit_logs', service: 'accounts' },
  { prefix: '/api/admin/ledger_audit', service: 'accounts' },
  { prefix: '/api/admin/ledgers', service: 'accounts' },
  { prefix: '/api/admin/debtors', service: 'accounts' },
  { prefix: '/api/admin/payouts', service: 'accounts' },
  { prefix: '/api/admin/dormant', service: 'accounts' },
  { prefix: '/api/products', service: 'catalog' },
  { prefix: '/api/checkout/reasons', service: 'catalog' },
  { prefix: '/api/admin/products', service: 'catalog' },
  { prefix: '/api/admin/categories', service: 'catalog' },
  { prefix: '/api/admin/reasons', service: 'catalog' },
  { prefix: '/api/admin/bar', service: 'catalog' },
  { prefix: '/api/checkout', service: 'checkout' },
  { prefix: '/api/transactions', service: 'checkout' },
  { prefix: '/api/shifts', service: 'checkout' },
  { prefix: '/api/admin/transactions', service: 'checkout' },
  { prefix: '/api/admin/reports', service: 'checkout' },
  { prefix: '/api/admin/shifts', service: 'checkout' },
  { prefix: '/api/admin/invoices', service: 'checkout' },
  { prefix: '/api/transactions/card', service: 'payments' },
  { prefix: '/api/payments', service: 'payments' },
  { prefix: '/api/admin/ideal', service: 'payments' },
  { prefix: '/api/admin/exact', service: 'payments' },
  { prefix: '/api/admin/terminal', service: 'payments' },
  { prefix: '/api/admin/direct_debit', service: 'payments' },
  // Four eyes (issue 50 §5): each service keeps the approvals of its own documents.
  { prefix: '/api/admin/approvals/accounts', service: 'accounts' },
  { prefix: '/api/admin/approvals/checkout', service: 'checkout' },
  { prefix: '/api/admin/approvals/payments', service: 'payments' },
];

/**
 * POSTs whose repeat answers what the first did: a sale (/api/checkout/:method/, by its nonce) and a card sale's finish
 * (it reads the sale's final result). Such a request whose replica died after it was sent may go to another replica.
 */
const REPEATABLE_POSTS = [/^\/api\/checkout\/[a-z]+\/$/, /^\/api\/transactions\/[^/]+\/finish\/$/];
export const isRepeatablePost = (method: string, path: string) => method === 'POST' && REPEATABLE_POSTS.some((r) => r.test(path));

/** Each service's replicas (one URL unless *_URLS lists several). */
export const upstreams = (env: GatewayEnv): Record<ServiceName, string[]> =>
  Object.fromEntries(SERVICE_NAMES.map((service) => [service, serviceUrls(env, service)])) as Record<ServiceName, string[]>;
