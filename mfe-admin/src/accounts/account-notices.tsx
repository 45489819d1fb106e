import type { NoticeView } from '@kassa/contracts';
import { DateText, Pager } from '@kassa/ui';
import { useState } from 'react';
import { ListTable, type Column } from '../shared/list-table';
import { Section } from '../shared/section';
import { useGetAccountNoticesQuery } from './accounts-api';

const NOTICES_PER_PAGE = 10;

const NOTICE_COLUMNS: Column<NoticeView>[] = [
  { header: 'Made', phone: 'start', cell: (n) => <DateText value={n.createdAt} time /> },
  {
    header: 'Mail',
    cellClassName: 'account-page__what',
    cell: (n) => (
      <details>
        <summary>{n.subject}</summary>
        <pre className="account-notices__text">{n.text}</pre>
      </details>
    ),
  },
  { header: 'To', phoneLabel: true, cell: (n) => n.to ?? <span className="k-muted">no address</span> },
  {
    header: 'Sent',
    phoneLabel: true,
    cell: (n) =>
      n.sentAt ? (
        <DateText value={n.sentAt} time />
      ) : (
        <span className="k-muted">
          not sent{n.tries > 0 ? ` (${n.tries} ${n.tries === 1 ? 'try' : 'tries'})` : ''}
          {n.lastError ? `: ${n.lastError}` : ''}
        </span>
      ),
  },
];

/** The account page's record of what was mailed about the account (issue 48 §1), newest first. */
export function AccountNotices({ accountId }: { accountId: string }) {
  const [page, setPage] = useState(1);
  const notices = useGetAccountNoticesQuery({ id: accountId, page, perPage: NOTICES_PER_PAGE });
  return (
    <Section id="account-notices" title="Mails sent" className="k-card k-stack" headingClassName="accounts__heading">
      <ListTable query={notices} rows={notices.data?.items} loadingLabel="Loading mails" empty="No mails for this account yet." columns={NOTICE_COLUMNS} phone />
      <Pager page={page} pageCount={notices.data?.pageCount ?? 0} onPage={setPage} label="Mail pages" />
    </Section>
  );
}
