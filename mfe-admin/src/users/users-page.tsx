import type { KassaError } from '@kassa/api-client';
import { AdminUserCreateBody, NewPassword, Username, type AdminRegister, type AdminUser } from '@kassa/contracts';
import { TextField, useDialogs } from '@kassa/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useNavigate } from 'react-router-dom';
import { AdminPage, NewButton } from '../shared/admin-page';
import { ListTotal } from '../shared/filters';
import { FormModal } from '../shared/form-modal';
import { field, RecordOptions, SelectField, useServerLines } from '../shared/forms';
import { PagedTable, recordColumn, type Column } from '../shared/list-table';
import { SearchForm } from '../shared/search-form';
import { useListParams } from '../shared/use-list-params';
import { useCreateUserMutation, useGetAdminRegistersQuery, useGetAdminUsersQuery } from './users-api';
import './users.css';

export const PAGE_SIZE = 15;

/** The new user's fields: the contract's username and password; the name empty for none. */
const NewUserFields = z.object({
  username: Username,
  password: NewPassword,
  displayName: z.string().transform((v) => v.trim() || null).pipe(AdminUserCreateBody.shape.displayName.unwrap()),
  registerId: z.string().transform((v) => v || null),
  isAdmin: z.boolean(),
});

/** The form's own lines, the same rules as the server's. */
export function newUserProblems(username: string, password: string): { username?: string; password?: string } {
  const result = NewUserFields.safeParse({ username, password, displayName: '', registerId: '', isAdmin: false });
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path[0], i.message]));
}

/** The register a user works at, or none. */
export function RegisterSelect({ registers, ...select }: Omit<ComponentProps<typeof SelectField>, 'label'> & { registers: AdminRegister[] }) {
  return (
    <SelectField label="Register" {...select}>
      <option value="">No register</option>
      <RecordOptions records={registers} />
    </SelectField>
  );
}

function NewUserForm({ registers, onDone }: { registers: AdminRegister[]; onDone: (id: string | null) => void }) {
  const form = useForm({
    resolver: zodResolver(NewUserFields),
    reValidateMode: 'onSubmit',
    defaultValues: { username: '', password: '', displayName: '', registerId: '', isAdmin: false },
  });
  const server = useServerLines(form);
  const [create, { isLoading }] = useCreateUserMutation();
  const dialogs = useDialogs();

  const submit = form.handleSubmit(async (body) => {
    server.clear();
    const result = await create(body);
    if (result.error) {
      const err = result.error as KassaError;
      if (err.status === 409) return server.under('username', err.message);
      if (err.status === 422 && err.lines.length) return server.place(err, ['username', 'password', 'displayName']);
      return void dialogs.error(err, { title: 'Creating the user failed' });
    }
    onDone(result.data.id);
  }, server.clear);

  return (
    <FormModal title="New user" submitLabel="Create" busy={isLoading} lines={server.lines} onSubmit={() => submit()} onCancel={() => onDone(null)}>
      <TextField label="Username" autoComplete="off" {...field(form, 'username')} autoFocus />
      <TextField label="Password" type="password" autoComplete="new-password" {...field(form, 'password')} hint="At least 8 characters; tell it to the user in person." />
      <TextField label="Name (optional)" maxLength={100} {...field(form, 'displayName')} />
      <RegisterSelect registers={registers} {...form.register('registerId')} />
      <label className="k-checkbox">
        <input type="checkbox" {...form.register('isAdmin')} />
        <span>Administrator (every page and every payment method)</span>
      </label>
    </FormModal>
  );
}

const USER_COLUMNS: Column<AdminUser>[] = [
  recordColumn('User', (u) => ({ to: `/admin/users/${u.id}`, name: u.username }), (u) => u.displayName),
  { header: 'Register', cell: (u) => u.registerName ?? '—' },
  { header: 'Account', cell: (u) => u.accountName ?? '—' },
  {
    header: 'Sign-in',
    cell: (u) => (
      <div className="k-tags">
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
  const registers = useGetAdminRegistersQuery().data?.registers ?? [];
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();

  return (
    <AdminPage page="users" actions={<NewButton label="New user" onClick={() => setCreating(true)} />}>
      <div className="k-stack">
        <SearchForm label="Search by username or name" initial={filters.search ?? ''} onSearch={(search) => go({ search })} className="users__filters">
          <ListTotal total={data?.total} />
        </SearchForm>
        <PagedTable query={query} paging={{ page, go }} loadingLabel="Loading users" empty={filters.search ? 'No users match.' : 'No users yet.'} columns={USER_COLUMNS} />
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
