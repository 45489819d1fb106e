import type { KassaError } from '@kassa/api-client';
import type { AdminAccount, AdminPosting } from '@kassa/contracts';
import { Button, ConfirmModal, DateText, formatDate, formatMoney, Money, useDialogs } from '@kassa/ui';
import { friendlyFormatIBAN } from 'ibantools';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { isApproval } from '../approvals/approvals-api';
import { ApprovalsList } from '../approvals/approvals-list';
import { FourEyesAction, preparedNotice } from '../approvals/four-eyes-action';
import { AdminPage, BackToList, RecordFallback } from '../shared/admin-page';
import { actionsColumn, PagedTable, type Column } from '../shared/list-table';
import { Notice, useNotice } from '../shared/notice';
import { Section } from '../shared/section';
import { useKeepPageInRange, useListParams } from '../shared/use-list-params';
import { AccountForm } from './account-form';
import { AccountNotices } from './account-notices';
import { useCloseAccountMutation, useGetAccountPostingsQuery, useGetAdminAccountQuery, useWaiveFineMutation } from './accounts-api';
import { PAGE_SIZE } from './accounts-page';
import { UpgradeForm } from './upgrade-form';
import './accounts.css';

const YEAR_MS = 365 * 24 * 3_600_000;

/** The terms: a positive balance expires only on an account unused for more than a year (the server decides again). */
const mayExpire = (a: AdminAccount) => Date.now() - new Date(a.lastUsed ?? a.createdAt).getTime() > YEAR_MS;

/** A close that would take money the terms do not let expire: it is paid out or moved first. */
const payOutFirst = (a: AdminAccount) => a.balance > 0 && !mayExpire(a);

/** What closing does, said before it happens (terms: an account unused for a year may be closed, its money expires). */
function closingText(a: AdminAccount): ReactNode {
  if (a.balance < 0) return <p>{a.name} owes {formatMoney(-a.balance)}. Collect it or book a correction first: an account that owes money is not closed.</p>;
  if (payOutFirst(a)) {
    return (
      <p>
        {a.name} has <strong>{formatMoney(a.balance)}</strong> on it and was used within the year: the money is the member&rsquo;s. Pay it out or move it to
        another account first (a correction with the reason), then close the account. A balance expires only on an account unused for more than a year.
      </p>
    );
  }
  return (
    <>
      <p>
        {a.name} leaves the till at once and takes no more sales or top-ups. Its history stays.
        {a.users.length ? ` ${a.users.map((u) => u.username).join(', ')} keeps the link and sees the closed account.` : ''}
      </p>
      {a.balance > 0 ? (
        <p>
          The <strong>{formatMoney(a.balance)}</strong> on it expires, as the terms say for an account unused for more than a year: it is booked off the account
          as &ldquo;Balance expired on closing&rdquo;. Refund it first with a correction if the member should get it back.
        </p>
      ) : (
        <p>There is no money on it.</p>
      )}
    </>
  );
}

const postingKey = (p: AdminPosting) => String(p.seq);
const POSTING_COLUMNS: Column<AdminPosting>[] = [
  { header: 'When', cell: (p) => <DateText value={p.at} time /> },
  {
    header: 'What',
    cellClassName: 'account-page__what',
    cell: (p) => (
      <>
        {p.description}
        {p.reason || p.by ? (
          <div className="k-muted">
            {p.reason ? `${p.reason}` : ''}
            {p.reason && p.by ? ' · ' : ''}
            {p.by ? `by ${p.by}` : ''}
          </div>
        ) : null}
      </>
    ),
  },
  { header: 'Amount', className: 'k-num', cell: (p) => <Money cents={p.amount} /> },
  { header: 'Balance after', className: 'k-num', cell: (p) => <Money cents={p.balanceAfter} tone="plain" /> },
];

/** /admin/accounts/{accountId}: one account; its balance, credit and bank details, history 15 a page; change, top up or correct, close. */
export function AccountPage() {
  const { accountId = '' } = useParams();
  const { data: account, error, refetch } = useGetAdminAccountQuery(accountId);
  const { page, go } = useListParams([] as const);
  const postings = useGetAccountPostingsQuery({ id: accountId, page, perPage: PAGE_SIZE });
  useKeepPageInRange(page, postings.data?.pageCount, go);
  const [close] = useCloseAccountMutation();
  const [waive, waiving] = useWaiveFineMutation();
  const dialogs = useDialogs();
  const [modal, setModal] = useState<'edit' | 'upgrade' | 'close' | null>(null);
  const [notice, setNotice] = useNotice();

  // A fine (after a failed debit) can be waived; a waived one says so.
  const waiveColumn = actionsColumn<AdminPosting>((p) =>
    p.kind === 'fine' && p.amount < 0 ? (
      p.waived ? (
        <span className="k-muted">Waived</span>
      ) : (
        <Button
          disabled={waiving.isLoading}
          aria-label={`Waive the fine of ${formatMoney(-p.amount)}`}
          onClick={async () => {
            const result = await waive({ id: accountId, seq: p.seq });
            if (result.error) return void dialogs.error(result.error as KassaError, { title: 'Waiving the fine failed' });
            setNotice(`The fine of ${formatMoney(-p.amount)} is waived; its waiver is in the postings.`);
          }}
        >
          Waive
        </Button>
      )
    ) : null,
  );
  const back = <BackToList id={accountId} to="/admin/accounts" label="All accounts" />;
  if (error || !account) return <RecordFallback title="Account" actions={back} error={error} onRetry={refetch} loadingLabel="Loading the account" />;
  const closed = Boolean(account.closedAt);

  const doClose = async () => {
    setModal(null);
    const result = await close(account.id);
    if (result.error) return void dialogs.error(result.error as KassaError, { title: 'Closing the account failed' });
    if (isApproval(result.data)) return void setNotice(preparedNotice(result.data));
    setNotice(result.data.expired > 0 ? `${account.name} is closed; ${formatMoney(result.data.expired)} expired.` : `${account.name} is closed.`);
  };

  return (
    <AdminPage title={account.name} lead="One account: balance, ledger postings, top-ups and corrections." actions={back}>
      <div className="k-stack account-page">
        <Notice text={notice} />
        <section className="k-card k-stack" aria-labelledby="account-facts">
          <div className="k-row account-page__top">
            <h2 id="account-facts" className="accounts__heading">
              Balance <Money cents={account.balance} className="account-page__balance" />
            </h2>
            <div className="k-spacer" />
            <div className="k-row account-page__actions">
              <Button variant="primary" disabled={closed} onClick={() => setModal('upgrade')}>
                Top up or correct
              </Button>
              <Button disabled={closed} onClick={() => setModal('edit')}>
                Change
              </Button>
              <FourEyesAction service="accounts" approvalId={`account:${account.id}:close`} label="Close account" variant="danger" disabled={closed} onStart={() => setModal('close')} />
            </div>
          </div>
          <ApprovalsList service="accounts" only={(a) => a.entityId === account.id && a.action !== 'close'} title="Corrections waiting for a second admin" />
          <dl className="k-facts">
            <dt>Status</dt>
            <dd>{closed ? <span className="k-tag k-tag--negative">Closed {formatDate(account.closedAt!)}</span> : 'Open'}</dd>
            <dt>Kind</dt>
            <dd>
              {account.creditAccount
                ? `Credit account (direct debit), limit ${formatMoney(account.effectiveCreditLimit)}${account.creditLimit === null ? ' from the settings' : ''}`
                : account.tab
                  ? `Tab (invoiced, never direct debit), ${account.tabLimit === null || account.tabLimit === undefined ? 'no limit' : `limit ${formatMoney(account.tabLimit)}`}`
                  : 'Prepaid'}
              {account.type !== 'member' ? `, ${account.type}` : ''}
            </dd>
            {account.tab ? (
              <>
                <dt>Invoice to</dt>
                <dd className="accounts__invoice-to">{[account.invoiceName, account.invoiceAddress].filter(Boolean).join('\n')}</dd>
              </>
            ) : null}
            <dt>IBAN</dt>
            <dd>{account.iban ? `${friendlyFormatIBAN(account.iban)}${account.bic ? ` (${account.bic})` : ''}` : <span className="k-muted">none</span>}</dd>
            <dt>Mandate</dt>
            <dd>{account.mandateId ? `${account.mandateId}${account.mandateSignedAt ? `, signed ${formatDate(account.mandateSignedAt)}` : ''}` : <span className="k-muted">none</span>}</dd>
            {account.dateOfBirth ? (
              <>
                <dt>Date of birth</dt>
                <dd>{formatDate(account.dateOfBirth)}</dd>
              </>
            ) : null}
            <dt>PIN</dt>
            <dd>
              {account.hasPin ? 'Set' : 'Not set'}
              {account.pinLockedUntil ? (
                <>
                  {' '}
                  <span className="k-tag k-tag--negative">Locked until {formatDate(account.pinLockedUntil, { time: true })}</span> (too many wrong PINs; a new PIN lifts it)
                </>
              ) : null}
            </dd>
            <dt>Users</dt>
            <dd>
              {account.users.length
                ? account.users.map((u, i) => (
                    <span key={u.id}>
                      {i > 0 ? ', ' : ''}
                      <Link to={`/admin/users/${u.id}`}>{u.username}</Link>
                    </span>
                  ))
                : <span className="k-muted">none (link one on a user&rsquo;s page)</span>}
            </dd>
            <dt>Last used</dt>
            <dd>{account.lastUsed ? <DateText value={account.lastUsed} /> : 'Never'}</dd>
            <dt>Since</dt>
            <dd>
              <DateText value={account.createdAt} />
            </dd>
          </dl>
        </section>

        <Section id="account-postings" title="Postings" className="k-card k-stack" headingClassName="accounts__heading">
          <PagedTable query={postings} paging={{ page, go }} loadingLabel="Loading postings" empty="No postings yet." className="account-page__postings" columns={[...POSTING_COLUMNS, waiveColumn]} rowKey={postingKey} />
        </Section>
        <AccountNotices accountId={account.id} />
      </div>
      {modal === 'edit' ? (
        <AccountForm account={account} onDone={(saved) => { setModal(null); if (saved) setNotice('Account saved.'); }} />
      ) : null}
      {modal === 'upgrade' ? (
        <UpgradeForm
          account={account}
          onDone={(message) => {
            setModal(null);
            if (message) setNotice(message);
          }}
        />
      ) : null}
      {modal === 'close' ? (
        account.balance < 0 ? (
          <ConfirmModal title={`Close ${account.name}`} confirmLabel="OK" variant="primary" onConfirm={() => setModal(null)} onCancel={() => setModal(null)}>
            {closingText(account)}
          </ConfirmModal>
        ) : payOutFirst(account) ? (
          <ConfirmModal title={`Close ${account.name}`} confirmLabel={`Pay out or move ${formatMoney(account.balance)} first`} variant="primary" onConfirm={() => setModal('upgrade')} onCancel={() => setModal(null)}>
            {closingText(account)}
          </ConfirmModal>
        ) : (
          <ConfirmModal title={`Close ${account.name}`} confirmLabel={account.balance > 0 ? `Close and expire ${formatMoney(account.balance)}` : 'Close account'} variant="danger" onConfirm={() => void doClose()} onCancel={() => setModal(null)}>
            {closingText(account)}
          </ConfirmModal>
        )
      ) : null}
    </AdminPage>
  );
}
