import { CHECKOUT_METHOD_LABELS, type OfflineRefusalView } from '@kassa/contracts';
import { DateText, Money } from '@kassa/ui';
import { Link } from 'react-router-dom';
import { AdminPage } from '../shared/admin-page';
import { ListTotal } from '../shared/filters';
import { PagedTable, type Column } from '../shared/list-table';
import { EVERY_MINUTE, useListParams } from '../shared/use-list-params';
import { useGetOfflineRefusalsQuery } from './transactions-api';

const PAGE_SIZE = 15;
const NO_FILTERS = [] as const;
const METHOD = CHECKOUT_METHOD_LABELS;

const lines = (r: OfflineRefusalView) => r.products.map((p) => `${p.amount}× ${p.name ?? `product ${p.productId}`}`).join(', ');

const REFUSAL_COLUMNS: Column<OfflineRefusalView>[] = [
  {
    header: 'Made',
    cell: (r) => (
      <>
        <DateText value={r.madeAt} time />
        <div className="k-muted">
          arrived <DateText value={r.receivedAt} time />
        </div>
      </>
    ),
  },
  {
    header: 'Sale',
    cell: (r) => (
      <>
        <div>
          {METHOD[r.method]}
          {r.accountId ? (
            <>
              {' · '}
              <Link to={`/admin/accounts/${r.accountId}`}>open the account</Link>
            </>
          ) : null}
          {r.reason ? ` (${r.reason})` : null}
        </div>
        <div className="k-muted">{lines(r)}</div>
      </>
    ),
  },
  { header: 'Amount', className: 'k-num', cell: (r) => (r.total === null ? <span className="k-muted">—</span> : <Money cents={r.total} tone="plain" />) },
  { header: 'Sold by', cell: (r) => r.username },
  { header: 'Refused because', cell: (r) => r.error.message },
];

/** On the transactions page, only when there are any: how many offline sales were refused, with a link to them. */
export function OfflineRefusalsNotice() {
  const { data } = useGetOfflineRefusalsQuery({ page: 1, perPage: 1 }, EVERY_MINUTE);
  if (!data || data.total === 0) return null;
  return (
    <div className="k-alert k-alert--error" role="status">
      {data.total === 1 ? 'A sale made on an offline till was' : `${data.total} sales made on offline tills were`} refused when the till sent it.{' '}
      <Link to="/admin/transactions/offline_refusals">See refused offline sales</Link>
    </div>
  );
}

/**
 * /admin/transactions/offline_refusals: sales made while a till was offline that the server refused when the till
 * sent them (not enough money, account closed, too old). Nothing was booked for them; the bar manager settles each
 * with the member or the staff member who sold it.
 */
export function OfflineRefusalsPage() {
  const { page, go } = useListParams(NO_FILTERS);
  const query = useGetOfflineRefusalsQuery({ page, perPage: PAGE_SIZE }, EVERY_MINUTE);
  const { data } = query;


  return (
    <AdminPage page="refusedOfflineSales">
      <div className="k-stack">
        <Link to="/admin/transactions">All transactions</Link>
        <ListTotal total={data?.total} />
        <PagedTable
          query={query}
          paging={{ page, go }}
          loadingLabel="Loading refused offline sales"
          empty="No sale made offline was refused."
          columns={REFUSAL_COLUMNS}
          rowProps={(r) => ({ 'data-nonce': r.nonce })}
        />
      </div>
    </AdminPage>
  );
}
