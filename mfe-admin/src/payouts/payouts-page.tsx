import type { KassaError } from '@kassa/api-client';
import { PAYOUT_STATE_LABELS, PayoutState, type Payout, type PayoutFile } from '@kassa/contracts';
import { Button, ConfirmModal, DateText, formatMoney, Money, useDialogs } from '@kassa/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { isApproval } from '../approvals/approvals-api';
import { FourEyesAction, preparedNotice } from '../approvals/four-eyes-action';
import { maskIban } from '../direct-debit/batch-page';
import { AdminPage } from '../shared/admin-page';
import { FilterButtons } from '../shared/filters';
import { actionsColumn, ListTable, type Column } from '../shared/list-table';
import { Notice, useNotice } from '../shared/notice';
import { StatusTag, statusTags } from '../shared/status-tag';
import { useListParams } from '../shared/use-list-params';
import {
  downloadPayoutFile,
  useApprovePayoutMutation,
  useCancelPayoutMutation,
  useGetPayoutFilesQuery,
  useGetPayoutsQuery,
  useMakePayoutFileMutation,
  useMarkPayoutFileSentMutation,
} from './payouts-api';

const STATE_TAG = statusTags<PayoutState>({ info: ['requested', 'in_file'], warning: ['approved'], positive: ['booked'], plain: ['cancelled'] }, PAYOUT_STATE_LABELS);
const STATES: { value: PayoutState | ''; label: string }[] = [{ value: '', label: 'All' }, ...PayoutState.options.map((s) => ({ value: s, label: PAYOUT_STATE_LABELS[s] }))];

/** What the payout pays: the file's amount once in a file, else the balance approved, else the balance now. */
export const payoutAmount = (p: Payout) => p.amount ?? p.approvedAmount ?? p.balance;

type Modal = { kind: 'approve'; payout: Payout } | { kind: 'cancel'; payout: Payout } | { kind: 'file'; count: number; total: number } | { kind: 'sent'; file: Omit<PayoutFile, 'payouts'> } | null;

/**
 * /admin/payouts (issue 48 §4): the payouts members asked for, approved on four eyes (the account is frozen from then
 * on), put in a SEPA credit-transfer file (pain.001) for the bank, and booked when the file is marked sent: the
 * account goes to € 0,00 and is closed, and the member gets a mail.
 */
export function PayoutsPage() {
  const { filters, go } = useListParams(['state'] as const);
  const state = (filters.state || null) as PayoutState | null;
  const query = useGetPayoutsQuery({ state });
  const approved = useGetPayoutsQuery({ state: 'approved' }).data?.items ?? [];
  const files = useGetPayoutFilesQuery();
  const [approve, approving] = useApprovePayoutMutation();
  const [cancel, cancelling] = useCancelPayoutMutation();
  const [makeFile, making] = useMakePayoutFileMutation();
  const [markSent, marking] = useMarkPayoutFileSentMutation();
  const [modal, setModal] = useState<Modal>(null);
  const [notice, setNotice] = useNotice();
  const [problem, setProblem] = useState<string | null>(null);
  const dialogs = useDialogs();

  const done = (msg: string) => {
    setModal(null);
    setNotice(msg);
  };
  const failed = (error: unknown, title: string) => {
    setModal(null);
    dialogs.error(error as KassaError, { title });
  };
  const runApprove = async (p: Payout) => {
    const result = await approve(p.id);
    if (result.error) return failed(result.error, 'Approving failed');
    if (isApproval(result.data)) return done(preparedNotice(result.data));
    done(`Approved: ${p.accountName} is frozen until the payout is booked; it goes into the next payout file.`);
  };
  const runCancel = async (p: Payout) => {
    const result = await cancel(p.id);
    if (result.error) return failed(result.error, 'Cancelling failed');
    done(`The payout of ${p.accountName} is cancelled; the account takes sales again.`);
  };
  const runFile = async () => {
    const result = await makeFile();
    if (result.error) return failed(result.error, 'Making the file failed');
    const f = result.data;
    done(`Payout file made: ${f.count} ${f.count === 1 ? 'transfer' : 'transfers'}, together ${formatMoney(f.total)}${f.donations ? `, and ${f.donations} donated (${formatMoney(f.donated)})` : ''}. Download it for the bank, then mark it sent.`);
  };
  const runSent = async (f: Omit<PayoutFile, 'payouts'>) => {
    const result = await markSent(f.id);
    if (result.error) return failed(result.error, 'Marking the file sent failed');
    done(`Booked: ${result.data.payouts.length} ${result.data.payouts.length === 1 ? 'account is' : 'accounts are'} paid out and closed; the members are told by mail.`);
  };
  const download = async (f: Omit<PayoutFile, 'payouts'>) => setProblem(await downloadPayoutFile(f.id, f.msgId));

  const columns: Column<Payout>[] = [
    { header: 'Account', phone: 'start', cell: (p) => <Link to={`/admin/accounts/${p.accountId}`}>{p.accountName}</Link> },
    { header: 'Amount', className: 'k-num', phone: 'end', cell: (p) => <Money cents={payoutAmount(p)} tone="plain" /> },
    { header: 'To', phoneLabel: true, cell: (p) => (p.donate ? 'Donation to the association' : `${maskIban(p.iban ?? '')} (${p.holder ?? ''})`) },
    { header: 'State', phoneLabel: true, cell: (p) => <StatusTag tag={STATE_TAG[p.state]} /> },
    {
      header: 'Asked',
      phoneLabel: true,
      cell: (p) => (
        <>
          <DateText value={p.requestedAt} /> <span className="k-muted">by {p.byMember ? 'the member' : p.requestedBy.username}</span>
        </>
      ),
    },
    { header: 'Approved by', phoneLabel: true, cell: (p) => (p.approvedBy ? p.approvedBy.username : <span className="k-muted">—</span>) },
    actionsColumn((p) =>
      p.state === 'requested' ? (
        <>
          <FourEyesAction service="accounts" approvalId={`payout:${p.id}:approve`} label={`Approve the payout of ${p.accountName}`} variant="primary" onStart={() => setModal({ kind: 'approve', payout: p })} />
          <Button variant="ghost" onClick={() => setModal({ kind: 'cancel', payout: p })} aria-label={`Cancel the payout of ${p.accountName}`}>
            Cancel
          </Button>
        </>
      ) : p.state === 'approved' ? (
        <Button variant="ghost" onClick={() => setModal({ kind: 'cancel', payout: p })} aria-label={`Cancel the payout of ${p.accountName}`}>
          Cancel
        </Button>
      ) : null,
    ),
  ];
  const fileColumns: Column<Omit<PayoutFile, 'payouts'>>[] = [
    { header: 'Made', phone: 'start', cell: (f) => <DateText value={f.createdAt} /> },
    { header: 'Transfers', className: 'k-num', phoneLabel: true, cell: (f) => f.count },
    { header: 'Total', className: 'k-num', phone: 'end', cell: (f) => <Money cents={f.total} tone="plain" /> },
    { header: 'Donations', phoneLabel: true, cell: (f) => (f.donations ? <>{f.donations} (<Money cents={f.donated} tone="plain" />)</> : <span className="k-muted">—</span>) },
    { header: 'Sent', phoneLabel: true, cell: (f) => (f.sentAt ? <><DateText value={f.sentAt} /> <span className="k-muted">by {f.sentBy?.username}</span></> : <span className="k-tag k-tag--warning">Not yet</span>) },
    actionsColumn((f) => (
      <>
        {f.count > 0 ? (
          <Button onClick={() => void download(f)} aria-label={`Download the payout file of ${f.msgId}`}>
            Download file
          </Button>
        ) : null}
        {f.sentAt ? null : (
          <Button variant="primary" onClick={() => setModal({ kind: 'sent', file: f })} aria-label={`Mark the payout file ${f.msgId} sent`}>
            Mark sent
          </Button>
        )}
      </>
    )),
  ];

  const approvedTotal = approved.reduce((s, p) => s + (p.donate ? 0 : p.balance), 0);
  return (
    <AdminPage
      page="payouts"
      actions={
        <Button variant="primary" disabled={approved.length === 0} onClick={() => setModal({ kind: 'file', count: approved.length, total: approvedTotal })}>
          Make payout file
        </Button>
      }
    >
      <div className="k-stack">
        <Notice text={notice} />
        <Notice text={problem} tone="error" />
        <FilterButtons label="State" options={STATES} value={(filters.state ?? '') as PayoutState | ''} onPick={(next) => go({ state: next })} className="payouts__states" />
        <ListTable query={query} rows={query.data?.items} loadingLabel="Loading payouts" empty={state ? 'No payout in this state.' : 'No member has asked for a payout.'} phone label="Payouts" columns={columns} />
        <section className="k-stack" aria-labelledby="payout-files">
          <h2 id="payout-files">Payout files</h2>
          <ListTable query={files} rows={files.data?.items} loadingLabel="Loading payout files" empty="No payout file made yet." phone label="Payout files" columns={fileColumns} />
        </section>
      </div>
      {modal?.kind === 'approve' ? (
        <ConfirmModal title="Approve the payout" variant="primary" confirmLabel={approving.isLoading ? 'Approving…' : 'Approve'} onConfirm={() => void runApprove(modal.payout)} onCancel={() => setModal(null)}>
          <p>
            {modal.payout.donate ? (
              <>
                <strong>{modal.payout.accountName}</strong> gives its balance of <strong>{formatMoney(modal.payout.balance)}</strong> to the association.
              </>
            ) : (
              <>
                Pay <strong>{formatMoney(modal.payout.balance)}</strong> of <strong>{modal.payout.accountName}</strong> to {modal.payout.iban} ({modal.payout.holder}).
              </>
            )}{' '}
            Once approved by two admins the account takes no purchase or top-up at the bar until it is paid out and closed.
          </p>
        </ConfirmModal>
      ) : null}
      {modal?.kind === 'cancel' ? (
        <ConfirmModal title="Cancel the payout" confirmLabel={cancelling.isLoading ? 'Cancelling…' : 'Cancel payout'} variant="danger" onConfirm={() => void runCancel(modal.payout)} onCancel={() => setModal(null)}>
          <p>
            The payout of <strong>{modal.payout.accountName}</strong> does not happen; the account stays open and takes sales again.
          </p>
        </ConfirmModal>
      ) : null}
      {modal?.kind === 'file' ? (
        <ConfirmModal title="Make a payout file" variant="primary" confirmLabel={making.isLoading ? 'Making…' : 'Make file'} onConfirm={() => void runFile()} onCancel={() => setModal(null)}>
          <p>
            {modal.count} approved {modal.count === 1 ? 'payout goes' : 'payouts go'} into a SEPA transfer file (pain.001), about <strong>{formatMoney(modal.total)}</strong> in transfers: each pays
            the account's balance when the file is made. Donations are booked with the file.
          </p>
        </ConfirmModal>
      ) : null}
      {modal?.kind === 'sent' ? (
        <ConfirmModal title="Mark the payout file sent" variant="primary" confirmLabel={marking.isLoading ? 'Booking…' : 'Mark sent'} onConfirm={() => void runSent(modal.file)} onCancel={() => setModal(null)}>
          <p>
            The bank has the file: {modal.file.count} {modal.file.count === 1 ? 'transfer' : 'transfers'}, together <strong>{formatMoney(modal.file.total)}</strong>
            {modal.file.donations ? `, and ${modal.file.donations} donated (${formatMoney(modal.file.donated)})` : ''}. Marking it sent books each payout, takes the accounts to € 0,00,
            closes them and mails the members.
          </p>
        </ConfirmModal>
      ) : null}
    </AdminPage>
  );
}
