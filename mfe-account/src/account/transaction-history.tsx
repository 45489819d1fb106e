import { DateText, ListFallback, Money, Pager } from '@kassa/ui';
import { useState } from 'react';
import { useGetOwnTransactionsQuery } from './account-api';

export const HISTORY_PAGE_SIZE = 15;

/** The member's postings, newest first, 15 a page; refreshes with the balance. */
export function TransactionHistory() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, isFetching, refetch } = useGetOwnTransactionsQuery({ page, perPage: HISTORY_PAGE_SIZE }, { pollingInterval: 60_000 });

  let content;
  if (data) {
    content =
      data.items.length === 0 ? (
        <p className="k-empty">No transactions yet.</p>
      ) : (
        <div className="k-table-wrap">
          <table className="k-table account-history" aria-busy={isFetching}>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Description</th>
                <th scope="col" className="k-num">
                  Amount
                </th>
                <th scope="col" className="k-num">
                  Balance
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((t) => (
                <tr key={t.id}>
                  <td className="account-history__date">
                    <DateText value={t.at} time />
                  </td>
                  <td className="account-history__description">{t.description}</td>
                  <td className="k-num account-history__amount">
                    <Money cents={t.amount} />
                  </td>
                  <td className="k-num account-history__after">
                    <span className="account-history__after-label">Balance </span>
                    <Money cents={t.balanceAfter} tone="plain" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
  } else {
    content = <ListFallback error={error} isLoading={isLoading} loadingLabel="Loading your transactions" onRetry={() => void refetch()} />;
  }

  const pageCount = data?.pageCount ?? 0;
  return (
    <section className="k-card k-stack" aria-labelledby="account-history-title">
      <h2 id="account-history-title">History</h2>
      {content}
      <Pager page={page} pageCount={pageCount} onPage={setPage} label="History pages" />
    </section>
  );
}
