import type { KassaError } from '@kassa/api-client';
import type { AdminRegister, AdminUser } from '@kassa/contracts';
import { Button, Pager, TextField, useDialogs } from '@kassa/ui';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AdminPage } from '../shared/admin-page';
import { ListTotal } from '../shared/filters';
import { ListTable, type Column } from '../shared/list-table';
import { SearchForm } from '../shared/search-form';
import { FormModal } from '../shared/form-modal';
import { FormLines, placeServerLines } from '../shared/server-lines';
import { useKeepPageInRange, useListParams } from '../shared/use-list-params';
import { useCreateUserMutation, useGetAdminRegistersQuery, useGetAdminUsersQuery } from './users-api';
import './users.css';

export const PAGE_SIZE = 15;

/** The form's own lines, the same rules as the server's. */
export function newUserProblems(username: string, password: string): { username?: string; password?: string } {
  return {
    ...(/^[a-z0-9._-]{2,40}$/.test(username.trim().toLowerCase()) ? {} : { username: 'A username has 2 to 40 lower-case letters, digits, dots, dashes or underscores.' }),
    ...(password.length >= 8 ? {} : { password: 'A password has at least 8 characters.' }),
  };
}

export function RegisterSelect({ id, value, registers, onChange }: { id: string; value: string; registers: AdminRegister[]; onChange: (id: string) => void }) {
  return (
    <div className="k-field">
      <label className="k-field__label" htmlFor={id}>
        Register
      </label>
      <select id={id} className="k-input" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">No register</option>
        {registers.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name}
          </option>
        ))}
      </select>
    </div>
  );
}

function NewUserForm({ registers, onDone }: { registers: AdminRegister[]; onDone: (id: string | null) => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [registerId, setRegisterId] = useState('');
  const [isAdmin, setIsAdmin] = useState(false);
  const [errors, setErrors] = useState<{ username?: string; password?: string; displayName?: string }>({});
  const [otherLines, setOtherLines] = useState<string[]>([]);
  const [create, { isLoading }] = useCreateUserMutation();
  const dialogs = useDialogs();

  const submit = async () => {
    const problems = newUserProblems(username, password);
    setErrors(problems);
    setOtherLines([]);
    if (Object.keys(problems).length) return;
    const result = await create({ username, password, displayName: displayName.trim() || null, registerId: registerId || null, isAdmin });
    if (result.error) {
      const err = result.error as KassaError;
      if (err.status === 409) return setErrors({ username: err.message });
      if (err.status === 422 && err.lines.length) {
        const placed = placeServerLines(err, ['username', 'password', 'displayName'] as const);
        setErrors(placed.fields);
        return setOtherLines(placed.other);
      }
      return void dialogs.error(err, { title: 'Creating the user failed' });
    }
    onDone(result.data.id);
  };

  return (
    <FormModal title="New user" submitLabel="Create" busy={isLoading} onSubmit={submit} onCancel={() => onDone(null)}>
        <FormLines lines={otherLines} />
        <TextField label="Username" autoComplete="off" value={username} onChange={(e) => setUsername(e.target.value)} error={errors.username} autoFocus />
        <TextField label="Password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} hint="At least 8 characters; tell it to the user in person." />
        <TextField label="Name (optional)" value={displayName} maxLength={100} onChange={(e) => setDisplayName(e.target.value)} error={errors.displayName} />
        <RegisterSelect id="user-register" value={registerId} registers={registers} onChange={setRegisterId} />
        <label className="k-checkbox">
          <input type="checkbox" checked={isAdmin} onChange={(e) => setIsAdmin(e.target.checked)} />
          <span>Administrator (every page and every payment method)</span>
        </label>
    </FormModal>
  );
}

const USER_COLUMNS: Column<AdminUser>[] = [
  {
    header: 'User',
    cell: (u) => (
      <>
        <Link to={`/admin/users/${u.id}`} className="users__name">
          {u.username}
        </Link>
        {u.displayName ? <div className="k-muted">{u.displayName}</div> : null}
      </>
    ),
  },
  { header: 'Register', cell: (u) => u.registerName ?? '—' },
  { header: 'Account', cell: (u) => u.accountName ?? '—' },
  {
    header: 'Sign-in',
    cell: (u) => (
      <div className="users__tags">
        {u.isAdmin ? <span className="k-tag k-tag--info">Admin</span> : null}
        {u.disabled ? <span className="k-tag k-tag--negative">Disabled</span> : null}
        {u.tfaEnabled ? <span className="k-tag k-tag--positive">Two-factor</span> : null}
        {u.singleSignOn ? <span className="k-tag">Viaduct</span> : null}
      </div>
    ),
  },
];

/** /admin/users: who signs in, 15 a page, searchable by username or name; a new user; each row opens the user page. */
export function UsersPage() {
  const { filters, page, go } = useListParams(['search']);
  const query = useGetAdminUsersQuery({ page, perPage: PAGE_SIZE, search: filters.search || null });
  const { data } = query;
  useKeepPageInRange(page, data?.pageCount, go);
  const registers = useGetAdminRegistersQuery().data?.registers ?? [];
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();

  return (
    <AdminPage
      title="Users"
      lead="Users who sign in, their admin rights and linked accounts."
      actions={
        <Button variant="primary" onClick={() => setCreating(true)}>
          New user
        </Button>
      }
    >
      <div className="k-stack">
        <SearchForm label="Search by username or name" initial={filters.search ?? ''} onSearch={(search) => go({ search })} className="users__filters">
          <ListTotal total={data?.total} className="users__total" />
        </SearchForm>
        <ListTable
          query={query}
          rows={data?.items}
          loadingLabel="Loading users"
          empty={filters.search ? 'No users match.' : 'No users yet.'}
          columns={USER_COLUMNS}
          rowKey={(u) => u.id}
        />
        <Pager page={page} pageCount={data?.pageCount ?? 0} onPage={(next) => go({ page: next })} />
      </div>
      {creating ? (
        <NewUserForm
          registers={registers}
          onDone={(id) => {
            setCreating(false);
            if (id) void navigate(`/admin/users/${id}`);
          }}
        />
      ) : null}
    </AdminPage>
  );
}
