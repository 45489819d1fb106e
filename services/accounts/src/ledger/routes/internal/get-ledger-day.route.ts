import { ApiResponse, LedgerDayQuery, LedgerDayTotals, ok, type PostingKind } from '@kassa/contracts';
import { groupSumCount, type ServiceApp } from '@kassa/service-kit';
import type { Model } from 'mongoose';
import { ledgerOfKind } from '../../accounts-admin/ledgers';
import { postingModel } from '../../models/posting.model';

/** Where the money of a board top-up went, by its method (a correction moves no money: its kind's ledger). */
const METHOD_LEDGER: Record<string, string> = { cash_payment: 'cash', card_admin_payment: 'card', transfer_payment: 'bank', other_admin_payment: 'other_payments' };
const METHOD_LABEL: Record<string, string> = { cash_payment: 'cash', card_admin_payment: 'card', transfer_payment: 'bank transfer', other_admin_payment: 'other' };

interface Sum {
  total: number;
  count: number;
}
type Row = LedgerDayTotals['byKind'][number];

/**
 * One Dutch day's postings summed per kind, for the accounting export: equality and `$regex` matches on the stored
 * `day`, and `$group` with one `$sum` or `$count` each (groupSumCount: what FerretDB runs right). Each row names the [ferretdb:aggregation]
 * ledger on the other side of the member accounts: a board top-up the ledger its method paid into (cash, card, bank,
 * other), an invoice paid or refunded the bank, the undo of a till top-up the bar top-ups it reverses, every other
 * posting its kind's ledger. The sum of all rows is the day's change of member balances.
 */
export default function getLedgerDay(app: ServiceApp) {
  app.get(
    '/internal/ledger/day',
    { onRequest: app.requireInternal, schema: { hide: true, querystring: LedgerDayQuery, response: { 200: ApiResponse(LedgerDayTotals) } } },
    async (request) => {
      const { day } = request.query;
      const Posting = postingModel(app.db) as unknown as Model<never>;
      const [byKindMethod, invoices, topUpUndos] = await Promise.all([
        groupSumCount<{ kind: string; method?: string | null }>(Posting, { day }, { kind: '$kind', method: '$method' }, '$amount'),
        groupSumCount<string>(Posting, { day, ref: { $regex: '^invoice:' } }, '$kind', '$amount'),
        groupSumCount<null>(Posting, { day, kind: 'undo', key: { $regex: ':topup$' } }, null, '$amount'),
      ]);
      const rows = new Map<string, Row>();
      const add = (kind: string, ledgerId: string, label: string, s: Sum) => {
        const key = `${kind}|${ledgerId}|${label}`;
        const row = rows.get(key) ?? { kind, ledgerId, label, total: 0, count: 0 };
        row.total += s.total;
        row.count += s.count;
        rows.set(key, row);
      };
      const less = (a: Sum, b: Sum | undefined): Sum => (b ? { total: a.total - b.total, count: a.count - b.count } : a);
      const invoiceOf = new Map(invoices.map((r) => [r.id, r]));
      for (const r of byKindMethod) {
        const kind = r.id.kind as PostingKind;
        const method = r.id.method ?? null;
        if (method && METHOD_LEDGER[method]) {
          add(kind, METHOD_LEDGER[method], `${kind === 'topup' ? 'top-up by the board' : kind} (${METHOD_LABEL[method]})`, r);
          continue;
        }
        let rest: Sum = r;
        // Invoice postings carry no method; they are among the kind's postings without one.
        if (!method) rest = less(rest, invoiceOf.get(kind));
        if (kind === 'undo' && topUpUndos[0]) rest = less(rest, topUpUndos[0]);
        add(kind, ledgerOfKind(kind), kind.replace('_', ' '), rest);
      }
      for (const r of invoices) add(r.id, 'bank', r.id === 'topup' ? 'invoice paid' : 'invoice refunded', r);
      if (topUpUndos[0]) add('undo', 'bar_topups', 'undo of a till top-up', topUpUndos[0]);
      const byKind = [...rows.values()].filter((r) => r.count !== 0 || r.total !== 0).sort((a, b) => a.kind.localeCompare(b.kind) || a.ledgerId.localeCompare(b.ledgerId));
      return ok({ day, byKind });
    },
  );
}
