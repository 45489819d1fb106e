import { ApiResponse, MoneyStatesResult, ok, type MoneyState } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { collectedKey } from '../../batches';
import { directDebitBatchModel, type DirectDebitBatchDoc } from '../../models/direct-debit-batch.model';
import type { PaymentsContext } from '../../../context';

/**
 * The direct-debit batches for the ledger audit in accounts: a collected batch has credited each debtor once (its
 * debits' sum under `direct-debit:<batch>:<account>`), an open or cancelled one nobody.
 */
export default function getBatchMoneyStates(app: ServiceApp, ctx: PaymentsContext) {
  app.get(
    '/internal/direct-debit/money-states',
    { onRequest: app.requireInternal, schema: { hide: true, response: { 200: ApiResponse(MoneyStatesResult) } } },
    async () => {
      const docs = (await directDebitBatchModel(ctx.db).find({}, { cutoff: 1, status: 1, debits: 1, updatedAt: 1 }).lean()) as DirectDebitBatchDoc[];
      const states: MoneyState[] = docs.map((b) => ({
        ref: `Direct-debit batch of cut-off ${b.cutoff} (${String(b._id)})`,
        status: b.status,
        keys: b.debits.map((d) => collectedKey(String(b._id), d.accountId)),
        net: b.status === 'collected' ? b.debits.reduce((sum, d) => sum + d.amount, 0) : 0,
        changedAt: b.updatedAt.toISOString(),
      }));
      return ok({ states });
    },
  );
}
