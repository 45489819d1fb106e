import type { KassaError } from '@kassa/api-client';
import { ALL_CAPABILITIES, AdminRegisterBody, type AdminRegister, type Capability } from '@kassa/contracts';
import { Button, ConfirmModal, Modal, TextField, useDialogs } from '@kassa/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { AdminPage, BackToList, NewButton, RecordFallback } from '../shared/admin-page';
import { field, useServerLines } from '../shared/forms';
import { ListTable, recordColumn, type Column } from '../shared/list-table';
import { Notice, useNotice } from '../shared/notice';
import { Section } from '../shared/section';
import { FormLines } from '../shared/server-lines';
import { useDeleteRegisterMutation, useGetAdminRegisterQuery, useGetAdminRegistersQuery, useSaveRegisterMutation } from '../users/users-api';
import { StandinTerminalPanel } from './standin-terminal-panel';
import './registers.css';

/** What each capability shows at the till (SPEC 6). */
export const CAPABILITY_LABELS: Record<Capability, string> = {
  PAYMENT_CASH: 'Cash',
  PAYMENT_CARD: 'Card (payment terminal)',
  PAYMENT_ACCOUNT_AUTHED: 'Account, with the member’s PIN',
  PAYMENT_ACCOUNT_OTHER: 'Account without PIN (bar mode: balances, top-ups)',
  PAYMENT_ACCOUNT_SELF: 'Pay with your own account',
  PAYMENT_OTHER: 'Other (with a reason)',
  PAYMENT_UNDO: 'Undo a sale',
  DEPOSIT_RETURN: 'Deposit return (pay back statiegeld)',
};

/** Name, capabilities and terminal: the form of a new register and of the register page. */
const REGISTER_COLUMNS: Column<AdminRegister>[] = [
  recordColumn('Register', (r) => ({ to: `/admin/registers/${r.id}`, name: r.name }), (r) => (r.terminalName ? `Terminal: ${r.terminalName}` : null)),
  {
    header: 'May do',
    cell: (r) => (
      <div className="k-tags">
        {r.capabilities.length ? r.capabilities.map((c) => <span key={c} className="k-tag">{CAPABILITY_LABELS[c].split(' (')[0]}</span>) : <span className="k-muted">Nothing</span>}
      </div>
    ),
  },
  { header: 'Users', cell: (r) => r.users.map((u) => u.username).join(', ') || '—' },
];

/** The register's fields: the contract's name and capabilities, the terminal empty for none. */
const RegisterFields = z.object({
  name: AdminRegisterBody.shape.name,
  capabilities: AdminRegisterBody.shape.capabilities,
  terminalName: z.string().transform((v) => v.trim() || null),
});

function RegisterForm({ register, onSaved }: { register: AdminRegister | null; onSaved: (saved: AdminRegister) => void }) {
  const form = useForm({
    resolver: zodResolver(RegisterFields),
    reValidateMode: 'onSubmit',
    defaultValues: { name: register?.name ?? '', capabilities: register?.capabilities ?? [], terminalName: register?.terminalName ?? '' },
  });
  const server = useServerLines(form);
  const [save, { isLoading }] = useSaveRegisterMutation();

  const submit = server.submit((body) => save({ id: register?.id ?? null, body }), onSaved, ['name', 'capabilities', 'terminalName'], 'Saving the register failed', 'name');
  const capabilities = field(form, 'capabilities');

  return (
    <form id="register-form" className="k-stack" onSubmit={(e) => void submit(e)} noValidate aria-label={register ? `Register ${register.name}` : 'New register'}>
      <FormLines lines={server.lines} />
      <TextField label="Name" maxLength={50} {...field(form, 'name')} />
      <fieldset className="registers__caps">
        <legend className="k-field__label">What this till may do</legend>
        {ALL_CAPABILITIES.map((c) => (
          <label key={c} className="k-checkbox">
            <input type="checkbox" value={c} {...form.register('capabilities')} />
            <span>{CAPABILITY_LABELS[c]}</span>
          </label>
        ))}
        {capabilities.error ? <span className="k-field__error">{capabilities.error}</span> : null}
      </fieldset>
      <TextField label="Payment terminal (optional)" maxLength={60} {...field(form, 'terminalName')} hint="The terminal's name at the provider, for card payments." />
      {register ? (
        <div>
          <Button type="submit" variant="primary" disabled={isLoading}>
            Save
          </Button>
        </div>
      ) : null}
    </form>
  );
}

/** /admin/registers: every till with what it may do, its terminal and its users; a new register. */
export function RegistersPage() {
  const query = useGetAdminRegistersQuery();
  const { data } = query;
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  return (
    <AdminPage page="registers" actions={<NewButton label="New register" onClick={() => setCreating(true)} />}>
      <ListTable query={query} rows={data?.registers} loadingLabel="Loading registers" empty="No registers yet." columns={REGISTER_COLUMNS} />
      {creating ? (
        <Modal
          title="New register"
          onCancel={() => setCreating(false)}
          actions={
            <>
              <Button onClick={() => setCreating(false)}>Cancel</Button>
              <Button variant="primary" type="submit" form="register-form">
                Create
              </Button>
            </>
          }
        >
          <RegisterForm register={null} onSaved={(saved) => void navigate(`/admin/registers/${saved.id}`)} />
        </Modal>
      ) : null}
    </AdminPage>
  );
}

/** /admin/registers/{registerId}: one till; what it may do holds at once for the tills signed in at it. */
export function RegisterPage() {
  const { registerId = '' } = useParams();
  const { data: register, error, refetch } = useGetAdminRegisterQuery(registerId);
  const [remove] = useDeleteRegisterMutation();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const [notice, setNotice] = useNotice();
  const [deleting, setDeleting] = useState(false);
  const back = <BackToList id={registerId} to="/admin/registers" label="All registers" />;
  if (error || !register) return <RecordFallback title="Register" actions={back} error={error} onRetry={refetch} loadingLabel="Loading the register" />;

  const doDelete = async () => {
    setDeleting(false);
    const result = await remove(register.id);
    if (result.error) return void dialogs.error(result.error as KassaError, { title: 'Deleting failed' });
    void navigate('/admin/registers');
  };

  return (
    <AdminPage title={register.name} lead="One till: its name, capabilities and payment terminal." actions={back}>
      <div className="k-stack registers__page">
        <Notice text={notice} />
        <section className="k-card">
          <RegisterForm
            key={`${register.id}-${register.capabilities.join()}-${register.name}`}
            register={register}
            onSaved={(saved) => setNotice(`${saved.name} is saved. Tills signed in at it follow at their next step; their buttons change within a minute.`)}
          />
        </section>
        <Section id="register-users" title="Users at this register" className="k-card k-stack" headingClassName="registers__heading">
          {register.users.length ? (
            <ul className="registers__users">
              {register.users.map((u) => (
                <li key={u.id}>
                  <Link to={`/admin/users/${u.id}`}>{u.username}</Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="k-muted">Nobody signs in at this register.</p>
          )}
          <div>
            <Button variant="danger" onClick={() => setDeleting(true)}>
              Delete register
            </Button>
          </div>
        </Section>
        {register.capabilities.includes('PAYMENT_CARD') ? <StandinTerminalPanel registerId={register.id} /> : null}
      </div>
      {deleting ? (
        <ConfirmModal title={`Delete ${register.name}`} confirmLabel="Delete" variant="danger" onConfirm={() => void doDelete()} onCancel={() => setDeleting(false)}>
          <p>
            {register.users.length
              ? `${register.name} still has users (${register.users.map((u) => u.username).join(', ')}), so it cannot be deleted: give them another register first.`
              : `This deletes ${register.name}. Past sales keep their register.`}
          </p>
        </ConfirmModal>
      ) : null}
    </AdminPage>
  );
}
