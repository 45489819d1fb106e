import { amountDue, CHECKOUT_METHOD_LABELS, type CheckoutMethod, type TransactionStatus, type TransactionView } from '@kassa/contracts';
import { Button, DateText, formatDate, formatMoney, Money, TextField } from '@kassa/ui';
import type { ReactNode } from 'react';
import { AdminPage } from '../shared/admin-page';
import { ConfirmItem } from '../shared/confirm-item';
import { AccountButton, AccountFilter, FilterButtons, FilterRow, ToggleButton } from '../shared/filters';
import { HistoryLink } from '../shared/history-link';
import { actionsColumn, PagedTable, type Column } from '../shared/list-table';
import { Notice } from '../shared/notice';
import { useRowActions } from '../shared/row-actions';
import { StatusTag, statusTags } from '../shared/status-tag';
import { EVERY_MINUTE, useListParams } from '../shared/use-list-params';
import { useGetAdminTransactionsQuery, useUndoAdminTransactionMutation } from './transactions-api';
import './transactions.css';

export const PAGE_SIZE = 15;
const FILTER_KEYS = ['method', 'day', 'account', 'late'] as const;

export const METHOD_LABEL = CHECKOUT_METHOD_LABELS;
const FILTERS: { value: CheckoutMethod | ''; label: string }[] = [
  { value: '', label: 'All' },
  ...(Object.entries(METHOD_LABEL) as [CheckoutMethod, string][]).map(([value, label]) => ({ value, label })),
];
const STATUS_TAG = statusTags<TransactionStatus>({ info: ['initializing', 'pending'], positive: ['completed'], negative: ['expired', 'deleted', 'cancelled'] });

const productSummary = (tx: TransactionView) => tx.products.map((p) => (p.amount === 1 ? p.name : `${p.amount}× ${p.name}`)).join(', ');
export const canUndo = (tx: TransactionView) => tx.status === 'completed' && !tx.undone;

/** What undoing will do, said before it is done (UX.md "Safe mistakes"). */
export function undoText(tx: TransactionView): string {
  const due = formatMoney(amountDue(tx));
  const parts = [`This undoes the ${METHOD_LABEL[tx.method].toLowerCase()} sale of ${due} from ${formatDate(tx.createdAt, { time: true })} by ${tx.username}.`];
  if ((tx.method === 'account' || tx.method === 'self') && tx.total !== 0) {
    parts.push(`${formatMoney(tx.total)} goes back to ${tx.accountName ? `the account ${tx.accountName}` : 'the account'}.`);
  }
  if (tx.upgrade) {
    parts.push(`The top-up of ${formatMoney(tx.upgrade.amount)} is taken back from ${tx.upgrade.accountName ?? 'its account'}; if that money is already spent, nothing is undone.`);
  }
  if (tx.method === 'cash') parts.push(`Give ${due} back from the cash box.`);
  if (tx.method === 'card') parts.push(`Refund ${due} at the payment terminal first: undoing here does not refund the card.`);
  if (tx.method === 'other') parts.push(`Nothing is paid back: it was settled as "${tx.reason ?? 'other'}".`);
  parts.push('The sale stays in this list, marked undone.');
  return parts.join(' ');
}

/** An undone sale stays in the list, struck through. */
const undoneRow = (tx: TransactionView) => ({ className: tx.undone ? 'transactions__row--undone' : undefined });

/**
 * /admin/transactions, the admin landing page: every sale, newest first, 15 a page, filtered by method, day and
 * account; an administrator may undo any finished sale (after confirming). `header` sits above the list (the app
 * puts the ledger audit there).
 */
export function TransactionsPage({ header }: { header?: ReactNode }) {
  const { filters, page, go, filtered } = useListParams(FILTER_KEYS);
  const { method, day, account, late } = filters as { method: CheckoutMethod | ''; day: string; account: string; late: string };
  const query = useGetAdminTransactionsQuery({ page, perPage: PAGE_SIZE, method: method || null, day: day || null, account: account || null, late: late === 'true' ? 'true' : null }, EVERY_MINUTE);
  const { data } = query;
  const [undo, { isLoading: undoing }] = useUndoAdminTransactionMutation();
  const { notice, setNotice, confirming, setConfirming, succeeded } = useRowActions<TransactionView>();

  const confirmUndo = async (tx: TransactionView) => {
    const result = await undo({ id: tx.id });
    if (!succeeded(result, 'Undoing failed')) return;
    const { accountName, balance_after: balance } = result.data;
    setNotice(accountName && balance !== null ? `Transaction undone. ${accountName} now has ${formatMoney(balance)}.` : 'Transaction undone.');
  };

  const accountLabel =
    data?.items.map((t) => (t.accountId === account ? t.accountName : t.upgrade?.accountId === account ? t.upgrade.accountName : null)).find(Boolean) ?? 'one account';


  const filterAccount = (id: string) => go({ account: id });
  const columns: Column<TransactionView>[] = [
    {
      header: 'Time',
      cellClassName: 'transactions__time',
      phone: 'start',
      cell: (tx) => (
        <>
          <DateText value={tx.createdAt} time />
          {tx.receivedAt ? (
            <div className="k-muted k-detail">
              made offline, arrived <DateText value={tx.receivedAt} time />
            </div>
          ) : null}
          {tx.madeDay ? <div className="k-detail transactions__late">Late: booked on {formatDate(tx.day)}, the day it arrived (its own day was closed)</div> : null}
        </>
      ),
    },
    {
      header: 'Method',
      cell: (tx) => (
        <>
          <div className="transactions__method">{METHOD_LABEL[tx.method]}</div>
          <div className="k-muted k-detail transactions__summary" title={productSummary(tx)}>
            {tx.method === 'other' && tx.reason ? tx.reason : productSummary(tx)}
          </div>
        </>
      ),
    },
    {
      header: 'Amount',
      className: 'k-num',
      phone: 'end',
      cell: (tx) => (
        <>
          <Money cents={amountDue(tx)} tone="plain" />
          {tx.upgrade ? <div className="k-muted k-detail">incl. top-up {formatMoney(tx.upgrade.amount)}</div> : null}
        </>
      ),
    },
    {
      header: 'Account',
      cell: (tx) => (
        <>
          {tx.accountId ? <AccountLink id={tx.accountId} name={tx.accountName} onFilter={filterAccount} /> : null}
          {tx.upgrade ? (
            <div className={tx.accountId ? 'k-muted k-detail' : undefined}>
              Top-up: <AccountLink id={tx.upgrade.accountId} name={tx.upgrade.accountName} onFilter={filterAccount} />
            </div>
          ) : null}
          {!tx.accountId && !tx.upgrade ? <span className="k-muted">—</span> : null}
        </>
      ),
    },
    {
      header: 'Till / user',
      cell: (tx) => (
        <>
          <div>{tx.username}</div>
          {tx.terminal ? <div className="k-muted k-detail">{tx.terminal.friendly_name}</div> : null}
        </>
      ),
    },
    {
      header: 'Status',
      cell: (tx) => (
        <>
          {tx.undone ? <span className="k-tag k-tag--warning">Undone</span> : <StatusTag tag={STATUS_TAG[tx.status]} />}
          {tx.undone ? (
            <div className="k-muted k-detail">
              by {tx.undone.by}, <DateText value={tx.undone.at} time />
            </div>
          ) : tx.error ? (
            <div className="k-muted k-detail">{tx.error}</div>
          ) : null}
        </>
      ),
    },
    actionsColumn((tx) => (
      <>
        <HistoryLink id={tx.id} name={`the ${METHOD_LABEL[tx.method].toLowerCase()} sale of ${formatDate(tx.createdAt, { time: true })}`} />
        {canUndo(tx) ? (
          <Button
            onClick={() => setConfirming(tx)}
            disabled={undoing}
            aria-label={`Undo the ${METHOD_LABEL[tx.method].toLowerCase()} sale of ${formatMoney(amountDue(tx))} from ${formatDate(tx.createdAt, { time: true })}`}
          >
            Undo
          </Button>
        ) : null}
      </>
    )),
  ];

  const empty = filtered ? 'No transactions match these filters.' : 'No transactions yet.';
  return (
    <AdminPage page="transactions">
      <div className="k-stack">
        {header}
        <FilterRow total={data?.total}>
          <FilterButtons label="Method" options={FILTERS} value={method} onPick={(next) => go({ method: next })} className="transactions__methods" />
          <ToggleButton pressed={late === 'true'} onClick={() => go({ late: late === 'true' ? '' : 'true' })}>
            Late sales
          </ToggleButton>
          <TextField label="Day" type="date" value={day} onChange={(e) => go({ day: e.target.value })} className="transactions__day" />
          {account ? <AccountFilter name={accountLabel} onClear={() => go({ account: '' })} /> : null}
        </FilterRow>
        <Notice text={notice} />
        <PagedTable query={query} paging={{ page, go }} loadingLabel="Loading transactions" empty={empty} className="transactions__table" phone columns={columns} rowProps={undoneRow} />
      </div>
      <ConfirmItem item={confirming} title="Undo transaction" confirmLabel="Undo" variant="danger" text={undoText} onConfirm={confirmUndo} onClose={() => setConfirming(null)} />
    </AdminPage>
  );
}

/** An account name that filters the list to that account's sales and top-ups. */
function AccountLink({ id, name, onFilter }: { id: string; name: string | null; onFilter: (id: string) => void }) {
  return (
    <AccountButton name={name ?? 'Unknown account'} title="Show only this account's transactions" onFilter={() => onFilter(id)} />
  );
}
