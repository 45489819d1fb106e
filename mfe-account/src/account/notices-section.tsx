import { DateText, ListFallback, Pager } from '@kassa/ui';
import { useState } from 'react';
import { useGetOwnNoticesQuery } from './account-api';

export const NOTICES_PAGE_SIZE = 10;

/** The mails Kassa sent the member (account decisions, direct debits, reminders …), newest first; a click opens one. */
export function NoticesSection() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, refetch } = useGetOwnNoticesQuery({ page, perPage: NOTICES_PAGE_SIZE }, { pollingInterval: 60_000 });

  let content;
  if (data) {
    content =
      data.items.length === 0 ? (
        <p className="k-empty">No messages yet.</p>
      ) : (
        <ul className="account-notices">
          {data.items.map((n) => (
            <li key={n.id} className="account-notices__item">
              <details>
                <summary>
                  <span className="account-notices__date">
                    <DateText value={n.createdAt} />
                  </span>{' '}
                  <span className="account-notices__subject">{n.subject}</span>
                  {n.sentAt ? null : <span className="k-muted"> · {n.to ? 'not sent yet' : 'not mailed: no e-mail address'}</span>}
                </summary>
                <pre className="account-notices__text">{n.text}</pre>
              </details>
            </li>
          ))}
        </ul>
      );
  } else {
    content = <ListFallback error={error} isLoading={isLoading} loadingLabel="Loading your messages" onRetry={() => void refetch()} />;
  }

  return (
    <section id="messages" className="k-card k-stack" aria-labelledby="account-notices-title">
      <h2 id="account-notices-title">Messages</h2>
      {content}
      <Pager page={page} pageCount={data?.pageCount ?? 0} onPage={setPage} label="Message pages" className="account-pager" />
    </section>
  );
}
