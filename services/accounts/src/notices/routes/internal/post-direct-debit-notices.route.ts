import { ApiResponse, ok, PrenoticeRequest, PrenoticeResult } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import type { AccountsContext } from '../../../context';
import { usersOfAccounts } from '../../notices';

/**
 * The SEPA pre-notification of a direct-debit batch (payments asks when it makes one): each user of each debtor's
 * account gets a 'direct_debit.prenotification' notice (amount, collection date, mandate reference, creditor id),
 * keyed by batch, account and user, so asking again tells nobody twice. An account no user belongs to is answered as
 * untold: nobody can be told.
 */
export default function postDirectDebitNotices(app: ServiceApp, ctx: AccountsContext) {
  app.post(
    '/internal/notices/direct-debit',
    { onRequest: app.requireInternal, schema: { hide: true, body: PrenoticeRequest, response: { 200: ApiResponse(PrenoticeResult) } } },
    async (request) => {
      const { batchId, collectionDate, creditorId, debits } = request.body;
      const byAccount = await usersOfAccounts(app.db, debits.map((d) => d.accountId));
      let told = 0;
      const untold: { accountId: string; name: string }[] = [];
      for (const debit of debits) {
        const members = byAccount.get(debit.accountId) ?? [];
        if (members.length === 0) {
          untold.push({ accountId: debit.accountId, name: debit.name });
          continue;
        }
        for (const user of members) {
          await ctx.notices.queue({
            key: `direct_debit.prenotification:${batchId}:${debit.accountId}:${String(user._id)}`,
            kind: 'direct_debit.prenotification',
            user,
            accountId: debit.accountId,
            data: { amount: debit.amount, collectionDate, mandateId: debit.mandateId, creditorId },
          });
        }
        told += 1;
      }
      return ok({ told, untold });
    },
  );
}
