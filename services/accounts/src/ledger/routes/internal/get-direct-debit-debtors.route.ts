import { ApiResponse, DirectDebitDebtors, DirectDebitDebtorsQuery, ok, type DirectDebitDebtor } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { Types } from 'mongoose';
import type { AccountsContext } from '../../../context';
import { accountModel } from '../../models/account.model';
import { postingModel } from '../../models/posting.model';
import { getSettings } from '../../../settings';

const CHUNK = 1000;

/**
 * For a direct-debit batch (payments): the creditor from the settings, and every credit account that owed money at
 * the end of the cut-off day (Dutch time), closed ones included so the batch can say why it skips them. What a
 * direct debit booked (collected, or reversed) counts whatever its day: it settles debt from before its batch's
 * cut-off, and the batches' cut-offs only move forward. Invoice payments are left out (see below). A tab is never a
 * debtor: it is invoiced (an account marked both, which the admin routes refuse, is still left out here).
 */
export default function getDirectDebitDebtors(app: ServiceApp, _ctx: AccountsContext) {
  app.get(
    '/internal/direct-debit/debtors',
    { onRequest: app.requireInternal, schema: { hide: true, querystring: DirectDebitDebtorsQuery, response: { 200: ApiResponse(DirectDebitDebtors) } } },
    async (request) => {
      const { cutoff } = request.query;
      const settings = await getSettings(app.db);
      const creditor =
        settings.creditorName && settings.creditorIban && settings.creditorBic && settings.creditorId
          ? { name: settings.creditorName, iban: settings.creditorIban, bic: settings.creditorBic, creditorId: settings.creditorId }
          : null;
      const accounts = (
        await accountModel(app.db)
          .find({ creditAccount: true }, { name: 1, iban: 1, bic: 1, mandateId: 1, mandateSignedAt: 1, closedAt: 1, tab: 1 })
          .sort({ name: 1, _id: 1 })
          .lean()
      ).filter((a) => !a.tab);
      const owed = new Map<string, number>();
      for (let i = 0; i < accounts.length; i += CHUNK) {
        const ids = accounts.slice(i, i + CHUNK).map((a) => new Types.ObjectId(String(a._id)));
        const [sums, invoiced] = await Promise.all([
          postingModel(app.db).aggregate<{ _id: Types.ObjectId; sum: number }>([
            { $match: { accountId: { $in: ids }, $or: [{ day: { $lte: cutoff } }, { kind: 'direct_debit' }] } },
            { $group: { _id: '$accountId', sum: { $sum: '$amount' } } },
          ]),
          // An invoice's payment (and its reversal on a credit note) settles the invoice's sales, which the batch
          // leaves out too (payments asks checkout for them): neither is the batch's to collect.
          postingModel(app.db).aggregate<{ _id: Types.ObjectId; sum: number }>([
            { $match: { accountId: { $in: ids }, day: { $lte: cutoff }, ref: { $regex: '^invoice:' } } },
            { $group: { _id: '$accountId', sum: { $sum: '$amount' } } },
          ]),
        ]);
        for (const s of sums) owed.set(String(s._id), -s.sum);
        for (const s of invoiced) owed.set(String(s._id), (owed.get(String(s._id)) ?? 0) + s.sum);
      }
      const debtors: DirectDebitDebtor[] = [];
      for (const a of accounts) {
        const amount = owed.get(String(a._id)) ?? 0;
        if (amount <= 0) continue;
        debtors.push({
          accountId: String(a._id),
          name: a.name,
          iban: a.iban ?? null,
          bic: a.bic ?? null,
          mandateId: a.mandateId ?? null,
          mandateSignedAt: a.mandateSignedAt ?? null,
          closed: Boolean(a.closedAt),
          owed: amount,
        });
      }
      return ok({ creditor, debtors, prenotificationDays: settings.prenotificationDays });
    },
  );
}
