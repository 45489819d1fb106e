import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RegistersPage } from '../registers/registers-page';
import { json, ok, refused, stubAdminApi } from '../testing/fixtures';
import { renderAdmin } from '../testing/render-admin';
import { UserPage } from './user-page';
import { newUserProblems, UsersPage } from './users-page';

afterEach(() => vi.unstubAllGlobals());

const till = { id: 'a'.repeat(24), name: 'Till', capabilities: ['PAYMENT_CASH', 'PAYMENT_UNDO'], terminalName: null, users: [{ id: 'b'.repeat(24), username: 'till' }] };
const user = {
  id: 'b'.repeat(24),
  username: 'till',
  displayName: null,
  isAdmin: false,
  roles: [] as string[],
  disabled: false,
  registerId: till.id,
  registerName: 'Till',
  accountId: null,
  accountName: null,
  hasPassword: true,
  singleSignOn: false,
  tfaEnabled: false,
  createdAt: '2026-11-01T10:00:00Z',
};

function stubApi(post?: (path: string) => Response | undefined, shown: typeof user = user) {
  return stubAdminApi((call) => {
    const special = call.method === 'POST' ? post?.(call.path) : undefined;
    if (special) return special;
    if (call.path.endsWith('/accounts/')) return json(200, ok({ accounts: [] }));
    if (call.method === 'PATCH') return json(200, ok({ ...shown, ...(call.body as object) }));
    if (call.path.endsWith(`/admin/users/${user.id}/`) || call.path.endsWith(`/admin/users/${user.id}`)) return json(200, ok(shown));
    if (call.path.endsWith('/admin/registers/')) return call.method === 'GET' ? json(200, ok({ registers: [till] })) : json(200, ok({ ...till, ...(call.body as object), id: 'c'.repeat(24), users: [] }));
    if (call.method === 'POST') return json(200, ok({ ...user, ...(call.body as object), id: 'd'.repeat(24) }));
    return json(200, ok({ items: [user], pageCount: 1, total: 1 }));
  });
}

describe('/admin/users and /admin/registers', { timeout: 20_000 }, () => {
  it('lists users 15 a page with register and tags, searching from the URL', async () => {
    const calls = stubApi();
    renderAdmin(<UsersPage />, '/admin/users?search=ti');
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('till');
    expect(rows[1]).toHaveTextContent('Till');
    const list = calls.find((c) => c.path.endsWith('/admin/users/'))!;
    expect(list.query.get('search')).toBe('ti');
    expect(list.query.get('perPage')).toBe('15');
  });

  it('creates a user only with a valid username and a password of 8 or more', async () => {
    const calls = stubApi();
    renderAdmin(<UsersPage />, '/admin/users');
    const user = userEvent.setup();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'New user' }));
    const form = screen.getByRole('dialog', { name: 'New user' });
    await user.type(within(form).getByLabelText('Username'), 'penning');
    await user.type(within(form).getByLabelText('Password'), 'kort');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(within(form).getByLabelText('Password')).toHaveAccessibleDescription('A password has at least 8 characters.');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.type(within(form).getByLabelText('Password'), 'en-lang');
    await user.selectOptions(within(form).getByLabelText('Register'), 'Till');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ username: 'penning', password: 'korten-lang', registerId: till.id, isAdmin: false }));
  });

  it("puts a server 422 on the password under Password, not under Username", async () => {
    stubApi(() => refused({ loc: ['body', 'password'], msg: 'A password has at least 8 characters.', type: 'value_error' }));
    renderAdmin(<UsersPage />, '/admin/users');
    const u = userEvent.setup();
    await screen.findByRole('table');
    await u.click(screen.getByRole('button', { name: 'New user' }));
    const form = screen.getByRole('dialog', { name: 'New user' });
    await u.type(within(form).getByLabelText('Username'), 'penning');
    await u.type(within(form).getByLabelText('Password'), 'lang genoeg');
    await u.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(within(form).getByLabelText('Password')).toHaveAccessibleDescription('A password has at least 8 characters.'));
    expect(within(form).getByLabelText('Username')).not.toHaveAccessibleDescription();
  });

  it('says what a password reset does and sends nothing until it is confirmed', async () => {
    const calls = stubApi();
    renderAdmin(
      <Routes>
        <Route path="/admin/users/:userId" element={<UserPage />} />
      </Routes>,
      `/admin/users/${user.id}`,
    );
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('New password'), 'nieuw-wachtwoord');
    await u.click(screen.getByRole('button', { name: 'Set password' }));
    const confirm = screen.getByRole('dialog', { name: 'Set a new password for till' });
    expect(confirm).toHaveTextContent('every device signed in as till is signed out at once');
    await u.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.path.endsWith('/password'))).toEqual([]);
    await u.click(screen.getByRole('button', { name: 'Set password' }));
    await u.click(within(screen.getByRole('dialog', { name: 'Set a new password for till' })).getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('/password'))?.body).toEqual({ password: 'nieuw-wachtwoord' }));
    expect(await screen.findByRole('status')).toHaveTextContent('New password set.');
  });

  it("sets an admin's roles one box at a time, and keeps the last one", async () => {
    const calls = stubApi(undefined, { ...user, isAdmin: true, roles: ['treasurer', 'board'] });
    renderAdmin(
      <Routes>
        <Route path="/admin/users/:userId" element={<UserPage />} />
      </Routes>,
      `/admin/users/${user.id}`,
    );
    const u = userEvent.setup();
    const roles = await screen.findByRole('group', { name: 'Admin roles' });
    expect(within(roles).getByRole('checkbox', { name: /Treasurer/ })).toBeChecked();
    expect(within(roles).getByRole('checkbox', { name: /Bar committee/ })).not.toBeChecked();
    await u.click(within(roles).getByRole('checkbox', { name: /Bar committee/ }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ roles: ['treasurer', 'board', 'bar_committee'] }));
    expect(await screen.findByRole('status')).toHaveTextContent('Roles saved: Treasurer, Board, Bar committee.');
  });

  it("keeps an admin's last role: its box cannot be cleared", async () => {
    stubApi(undefined, { ...user, isAdmin: true, roles: ['auditor'] });
    renderAdmin(
      <Routes>
        <Route path="/admin/users/:userId" element={<UserPage />} />
      </Routes>,
      `/admin/users/${user.id}`,
    );
    const roles = await screen.findByRole('group', { name: 'Admin roles' });
    expect(within(roles).getByRole('checkbox', { name: /Auditor/ })).toBeDisabled();
    // Said beside the box, not only in a tooltip a tablet cannot show.
    expect(within(roles).getByText('An admin holds at least one role.')).toBeVisible();
  });

  it('shows what each register may do and who signs in at it', async () => {
    stubApi();
    renderAdmin(<RegistersPage />, '/admin/registers');
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Till');
    expect(rows[1]).toHaveTextContent('Cash');
    expect(rows[1]).toHaveTextContent('Undo a sale');
    expect(rows[1]).toHaveTextContent('till');
  });

  it('checks a username and a password like the server', () => {
    expect(newUserProblems('Penning.Meester', 'lang genoeg')).toEqual({});
    expect(newUserProblems('a', 'kort')).toEqual({
      username: 'A username has 2 to 40 lower-case letters, digits, dots, dashes or underscores.',
      password: 'A password has at least 8 characters.',
    });
  });
});
