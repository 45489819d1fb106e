import { AdminAccount, AdminAccountsQuery, ApiResponse, ok, Paged } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { QueryFilter } from 'mongoose';
import { ACCOUNT_FIELDS, adminAccounts, type AccountRow } from '../../accounts-admin/admin-accounts';
import type { AccountsContext } from '../../../context';
import { accountModel, type AccountDoc } from '../../models/account.model';

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const YEAR_MS = 365 * 24 * 3_600_000;

/**
 * GET /api/admin/accounts/: open accounts by name, 15 a page; search on the name; filters credit, type, below zero,
 * unused for more than a year (the terms' expiry rule) and closed. Reads the accounts only (their cached balance).
 */
export default function getAdminAccounts(app: ServiceApp, ctx: AccountsContext) {
  app.get(
    '/api/admin/accounts/',
    { onRequest: app.requireAdmin, schema: { tags: ['admin'], summary: 'Accounts, paged and filtered', querystring: AdminAccountsQuery, response: { 200: ApiResponse(Paged(AdminAccount)) } } },
    async (request) => {
      const { page, perPage, search, credit, type, negative, unused, closed } = request.query;
      const and: QueryFilter<AccountDoc>[] = [{ closedAt: closed ? { $ne: null } : null }];
      if (search?.trim()) and.push({ name: new RegExp(escapeRegex(search.trim()), 'i') });
      if (credit !== undefined) and.push({ creditAccount: credit });
      // System accounts (Cash differences) only when asked for by type: no picker or list of people's accounts shows them.
      and.push({ type: type ?? { $ne: 'system' } });
      if (negative) and.push({ balance: { $lt: 0 } });
      if (unused) {
        const cutoff = new Date(ctx.now().getTime() - YEAR_MS);
        and.push({ $or: [{ lastUsed: { $lt: cutoff } }, { lastUsed: null, createdAt: { $lt: cutoff } }] });
      }
      const filter: QueryFilter<AccountDoc> = { $and: and };
      const Account = accountModel(app.db);
      const [total, rows] = await Promise.all([
        Account.countDocuments(filter),
        Account.find(filter, ACCOUNT_FIELDS).sort({ name: 1, _id: 1 }).skip((page - 1) * perPage).limit(perPage).lean(),
      ]);
      return ok({ items: await adminAccounts(app.db, rows as AccountRow[]), pageCount: Math.ceil(total / perPage), total });
    },
  );
}
