import { api, selectConfig, useAppSelector, type KassaError } from '@kassa/api-client';
import { ADMIN_ROLE_LABELS, ALL_ADMIN_ROLES, AdminPasswordBody, TillAccountsResult, type AdminRole, type AdminUser, type AdminUserPatchBody } from '@kassa/contracts';
import { Button, ConfirmModal, DateText, TextField, useDialogs } from '@kassa/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import { AdminPage, BackToList, RecordFallback } from '../shared/admin-page';
import { field, RecordOptions, SelectField, useServerLines } from '../shared/forms';
import { Notice, useNotice } from '../shared/notice';
import { Section } from '../shared/section';
import { FormLines } from '../shared/server-lines';
import { useGetAdminRegistersQuery, useGetAdminUserQuery, usePatchUserMutation, useResetPasswordMutation, useResetTfaMutation } from './users-api';
import { RegisterSelect } from './users-page';

const accountsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The till's account list: every account by name (admins hold every capability).
    getLinkableAccounts: build.query<TillAccountsResult, void>({ query: () => '/accounts/', responseSchema: TillAccountsResult, providesTags: ['Accounts'] }),
  }),
});

interface Pending {
  title: string;
  text: ReactNode;
  confirm: string;
  variant: 'danger' | 'primary';
  body: AdminUserPatchBody;
}

/** What a change does, said before it is made (UX.md "Safe mistakes"). */
function pendingFor(user: AdminUser, body: AdminUserPatchBody): Pending {
  if (body.disabled === true) {
    return { title: `Disable ${user.username}`, text: `${user.username} cannot sign in any more, and every device signed in as ${user.username} is signed out at once. Their account and history stay.`, confirm: 'Disable', variant: 'danger', body };
  }
  if (body.disabled === false) return { title: `Enable ${user.username}`, text: `${user.username} can sign in again.`, confirm: 'Enable', variant: 'primary', body };
  if (body.isAdmin === true) return { title: `Make ${user.username} an admin`, text: `${user.username} gets every admin page and every payment method, at once.`, confirm: 'Make admin', variant: 'primary', body };
  return { title: `Take admin rights from ${user.username}`, text: `${user.username} loses the admin pages at their next click.`, confirm: 'Take admin rights', variant: 'danger', body };
}

/** /admin/users/{userId}: one user; register, linked account, admin flag, disable, password and two-factor reset. */
export function UserPage() {
  const { userId = '' } = useParams();
  const { data: user, error, refetch } = useGetAdminUserQuery(userId);
  const registers = useGetAdminRegistersQuery().data?.registers ?? [];
  const accounts = accountsApi.useGetLinkableAccountsQuery().data?.accounts ?? [];
  const me = useAppSelector(selectConfig)?.user.id;
  const [patch, { isLoading: saving }] = usePatchUserMutation();
  const [resetTfa] = useResetTfaMutation();
  const dialogs = useDialogs();
  const [pending, setPending] = useState<Pending | null>(null);
  const [notice, setNotice] = useNotice();

  const back = <BackToList id={userId} to="/admin/users" label="All users" />;
  if (error || !user) return <RecordFallback title="User" actions={back} error={error} onRetry={refetch} loadingLabel="Loading the user" />;
  const self = user.id === me;

  const apply = async (body: AdminUserPatchBody, done: string) => {
    setPending(null);
    const result = await patch({ id: user.id, body });
    if (result.error) return void dialogs.error(result.error as KassaError, { title: 'Saving failed' });
    setNotice(done);
  };

  const doResetTfa = async () => {
    const sure = await dialogs.prompt({ title: 'Reset two-factor sign-in', text: `${user.username} signs in with the password only until they set up two-factor sign-in again. Type the username to confirm.`, label: 'Username' });
    if (sure === null) return;
    if (sure.trim().toLowerCase() !== user.username) return void dialogs.error('The username did not match; nothing was changed.', { title: 'Not reset' });
    const result = await resetTfa(user.id);
    if (result.error) return void dialogs.error(result.error as KassaError, { title: 'Resetting two-factor failed' });
    setNotice(`Two-factor sign-in of ${user.username} is off.`);
  };

  return (
    <AdminPage title={user.username} lead={user.displayName ?? 'One user: sign-in, admin rights, linked account and register.'} actions={back}>
      <div className="k-stack user-page">
        <Notice text={notice} />
        <Section id="user-facts" title="Sign-in" className="k-card k-stack" headingClassName="user-page__heading">
          <dl className="k-facts">
            <dt>Status</dt>
            <dd>{user.disabled ? <span className="k-tag k-tag--negative">Disabled</span> : 'Can sign in'}</dd>
            <dt>Signs in with</dt>
            <dd>{[user.hasPassword ? 'password' : null, user.singleSignOn ? 'Viaduct' : null].filter(Boolean).join(' and ') || 'nothing yet'}</dd>
            <dt>Two-factor</dt>
            <dd>{user.tfaEnabled ? 'On' : 'Off'}</dd>
            <dt>Since</dt>
            <dd>
              <DateText value={user.createdAt} />
            </dd>
          </dl>
          <div className="k-row user-page__actions">
            {user.isAdmin ? (
              <Button variant="danger" disabled={self || saving} title={self ? 'Another admin can do this' : undefined} onClick={() => setPending(pendingFor(user, { isAdmin: false }))}>
                Take admin rights
              </Button>
            ) : (
              <Button disabled={saving} onClick={() => setPending(pendingFor(user, { isAdmin: true }))}>
                Make admin
              </Button>
            )}
            {user.disabled ? (
              <Button disabled={saving} onClick={() => setPending(pendingFor(user, { disabled: false }))}>
                Enable
              </Button>
            ) : (
              <Button variant="danger" disabled={self || saving} title={self ? 'Another admin can do this' : undefined} onClick={() => setPending(pendingFor(user, { disabled: true }))}>
                Disable
              </Button>
            )}
            {user.tfaEnabled ? <Button onClick={() => void doResetTfa()}>Reset two-factor</Button> : null}
          </div>
          {self ? <p className="k-muted">This is you: another admin can take your admin rights or disable you.</p> : null}
        </Section>

        {user.isAdmin ? <RolesCard user={user} self={self} saving={saving} onChange={(roles, done) => void apply({ roles }, done)} /> : null}

        <Section id="user-links" title="Register and account" className="k-card k-stack" headingClassName="user-page__heading">
          <RegisterSelect value={user.registerId ?? ''} registers={registers} onChange={({ target: { value: id } }) => void apply({ registerId: id || null }, `Register saved: ${registers.find((r) => r.id === id)?.name ?? 'none'}.`)} />
          <SelectField
            label="Linked account"
            value={user.accountId ?? ''}
            onChange={(e) => void apply({ accountId: e.target.value || null }, `Linked account saved: ${accounts.find((a) => a.id === e.target.value)?.name ?? 'none'}.`)}
          >
            <option value="">No account</option>
            {user.accountId && !accounts.some((a) => a.id === user.accountId) ? <option value={user.accountId}>{user.accountName ?? user.accountId}</option> : null}
            <RecordOptions records={accounts} />
          </SelectField>
        </Section>

        <PasswordCard user={user} onSaved={setNotice} />
      </div>
      {pending ? (
        <ConfirmModal title={pending.title} confirmLabel={pending.confirm} variant={pending.variant} onConfirm={() => void apply(pending.body, `${pending.confirm}: done.`)} onCancel={() => setPending(null)}>
          <p>{pending.text}</p>
        </ConfirmModal>
      ) : null}
    </AdminPage>
  );
}

/** A new password for the user, set after saying what it does. */
function PasswordCard({ user, onSaved }: { user: AdminUser; onSaved: (notice: string) => void }) {
  const form = useForm({ resolver: zodResolver(AdminPasswordBody), reValidateMode: 'onSubmit', defaultValues: { password: '' } });
  const server = useServerLines(form);
  const [confirming, setConfirming] = useState(false);
  const [resetPassword] = useResetPasswordMutation();
  const dialogs = useDialogs();

  const submit = form.handleSubmit(() => {
    server.clear();
    setConfirming(true);
  }, server.clear);

  const doReset = async () => {
    setConfirming(false);
    const result = await resetPassword({ id: user.id, password: form.getValues('password') });
    if (result.error) {
      const err = result.error as KassaError;
      if (err.status === 422 && err.lines.length) return server.place(err, ['password']);
      return void dialogs.error(err, { title: 'Resetting the password failed' });
    }
    form.reset();
    onSaved(`New password set. Every device signed in as ${user.username} is signed out.`);
  };

  return (
    <Section id="user-password" title="Password" className="k-card k-stack" headingClassName="user-page__heading">
      <FormLines lines={server.lines} />
      <form className="k-row user-page__password" onSubmit={(e) => void submit(e)} noValidate>
        <TextField label="New password" type="password" autoComplete="new-password" {...field(form, 'password')} hint="Signs out every device of this user." />
        <Button type="submit">Set password</Button>
      </form>
      {confirming ? (
        <ConfirmModal title={`Set a new password for ${user.username}`} confirmLabel="Set password" variant="danger" onConfirm={() => void doReset()} onCancel={() => setConfirming(false)}>
          <p>
            {user.username}&apos;s old password stops working, and every device signed in as {user.username} is signed out at once. Tell them the new
            password in person.
          </p>
        </ConfirmModal>
      ) : null}
    </Section>
  );
}

/** What each role may change; every admin reads every admin page. */
const ROLE_HINTS: Record<AdminRole, string> = {
  treasurer: 'Money: direct debit, invoices, the accounting export, top-ups, undo, ledgers',
  board: 'Accounts, account requests, users and settings',
  bar_committee: 'Products, categories, checkout reasons, registers and the bar',
  auditor: 'Reads everything, changes nothing',
};

/** An admin's roles, one box each: at least one stays, and a board member keeps their own board role. */
function RolesCard({ user, self, saving, onChange }: { user: AdminUser; self: boolean; saving: boolean; onChange: (roles: AdminRole[], done: string) => void }) {
  const toggle = (role: AdminRole, on: boolean) => {
    const roles = ALL_ADMIN_ROLES.filter((r) => (r === role ? on : user.roles.includes(r)));
    onChange(roles, `Roles saved: ${roles.map((r) => ADMIN_ROLE_LABELS[r]).join(', ')}.`);
  };
  return (
    <Section id="user-roles" title="Admin roles" className="k-card k-stack" headingClassName="user-page__heading">
      <p className="k-muted">Every admin reads every admin page; a role decides what they may change.</p>
      <fieldset className="k-stack user-page__roles" aria-labelledby="user-roles">
        {ALL_ADMIN_ROLES.map((role) => {
          const held = user.roles.includes(role);
          const locked = held && (user.roles.length === 1 || (self && role === 'board'));
          // Said on the page, not in a tooltip: a tablet has no hover.
          const why = locked ? (self && role === 'board' ? 'Yours: another admin can take your board role.' : 'An admin holds at least one role.') : null;
          return (
            <label key={role} className="user-page__role">
              <input type="checkbox" checked={held} disabled={saving || locked} onChange={(e) => toggle(role, e.target.checked)} />
              <span>
                <strong>{ADMIN_ROLE_LABELS[role]}</strong> <span className="k-muted">{ROLE_HINTS[role]}</span>
              </span>
              {why ? <span className="k-muted user-page__role-note">{why}</span> : null}
            </label>
          );
        })}
      </fieldset>
    </Section>
  );
}
