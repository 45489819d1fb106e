import type { AdminAccount } from '@kassa/contracts';
import { DateText, Money } from '@kassa/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AdminPage, NewButton } from '../shared/admin-page';
import { ListTotal } from '../shared/filters';
import { SelectField } from '../shared/forms';
import { PagedTable, recordColumn, type Column } from '../shared/list-table';
import { SearchForm } from '../shared/search-form';
import { filterArgs, useListParams } from '../shared/use-list-params';
import { AccountForm } from './account-form';
import { useGetAdminAccountsQuery } from './accounts-api';
import { BalancePanel } from './balance-panel';
import { LedgersPanel } from './ledgers-panel';
import './accounts.css';

const TYPE_TAGS: Record<AdminAccount['type'], string> = { member: 'Member', event: 'Event', external: 'External', system: 'System' };

export const PAGE_SIZE = 15;

const ACCOUNT_COLUMNS: Column<AdminAccount>[] = [
  recordColumn('Account', (a) => ({ to: `/admin/accounts/${a.id}`, name: a.name }), (a) => a.users.map((u) => u.username).join(', ')),
  {
    header: 'Kind',
    cell: (a) => (
      <div className="k-tags">
        {a.creditAccount ? <span className="k-tag k-tag--info">Credit</span> : a.tab ? <span className="k-tag k-tag--warning">Tab</span> : <span className="k-tag">Prepaid</span>}
        {a.type !== 'member' ? <span className="k-tag">{TYPE_TAGS[a.type]}</span> : null}
        {a.closedAt ? <span className="k-tag k-tag--negative">Closed</span> : null}
      </div>
    ),
  },
  { header: 'Balance', className: 'k-num', cell: (a) => <Money cents={a.balance} /> },
  { header: 'Last used', cell: (a) => (a.lastUsed ? <DateText value={a.lastUsed} /> : <span className="k-muted">Never</span>) },
];

const LIST_KEYS = ['search', 'credit', 'type', 'negative', 'unused', 'closed'] as const;
const FILTER_KEYS = ['view', ...LIST_KEYS] as const;

const VIEWS = [
  { key: '', label: 'Accounts' },
  { key: 'balance', label: 'Balance at a date' },
  { key: 'ledgers', label: 'Ledgers' },
] as const;

/**
 * /admin/accounts: every account, 15 a page, by name; search and filters in the URL (credit, type, below zero,
 * unused for a year, closed); a new account. Two more views: the balance of all accounts at a date, and the ledgers.
 */
export function AccountsPage() {
  const { filters, page, go } = useListParams(FILTER_KEYS);
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);

  return (
    <AdminPage page="accounts" actions={<NewButton label="New account" onClick={() => setCreating(true)} />}>
      <nav className="k-row accounts__views" aria-label="Views">
        {VIEWS.map((v) => (
          <button key={v.key} type="button" className={`k-btn${filters.view === v.key ? ' k-btn--primary' : ''}`} aria-current={filters.view === v.key ? 'page' : undefined} onClick={() => go({ view: v.key })}>
            {v.label}
          </button>
        ))}
      </nav>
      {filters.view === 'balance' ? <BalancePanel /> : filters.view === 'ledgers' ? <LedgersPanel /> : <AccountsList filters={filters} page={page} go={go} />}
      {creating ? (
        <AccountForm
          account={null}
          onDone={(saved) => {
            setCreating(false);
            if (saved) void navigate(`/admin/accounts/${saved.id}`);
          }}
        />
      ) : null}
    </AdminPage>
  );
}

type Filters = Record<(typeof FILTER_KEYS)[number], string>;

function AccountsList({ filters, page, go }: { filters: Filters; page: number; go: ReturnType<typeof useListParams<(typeof FILTER_KEYS)[number]>>['go'] }) {
  const query = useGetAdminAccountsQuery({ page, perPage: PAGE_SIZE, ...filterArgs(filters, LIST_KEYS) });
  const { data } = query;
  const filtered = LIST_KEYS.some((k) => filters[k]);
  const check = (key: 'negative' | 'unused' | 'closed', label: string) => (
    <label className="k-checkbox">
      <input type="checkbox" checked={filters[key] === 'true'} onChange={(e) => go({ [key]: e.target.checked ? 'true' : '' })} />
      <span>{label}</span>
    </label>
  );

  const empty = filtered ? 'No accounts match.' : 'No accounts yet.';
  return (
    <div className="k-stack">
      <SearchForm label="Search by name" initial={filters.search ?? ''} onSearch={(search) => go({ search })} className="accounts__filters">
        <SelectField label="Credit" value={filters.credit} onChange={(e) => go({ credit: e.target.value })}>
          <option value="">All accounts</option>
          <option value="true">Credit (direct debit)</option>
          <option value="false">Prepaid</option>
        </SelectField>
        <SelectField label="Type" value={filters.type} onChange={(e) => go({ type: e.target.value })}>
          <option value="">All types</option>
          <option value="member">Member</option>
          <option value="event">Event</option>
          <option value="external">External</option>
          <option value="system">System</option>
        </SelectField>
        <div className="accounts__checks">
          {check('negative', 'Below zero')}
          {check('unused', 'Unused for a year')}
          {check('closed', 'Closed accounts')}
        </div>
        <ListTotal total={data?.total} />
      </SearchForm>
      <PagedTable query={query} paging={{ page, go }} loadingLabel="Loading accounts" empty={empty} className="accounts__list" columns={ACCOUNT_COLUMNS} />
    </div>
  );
}
