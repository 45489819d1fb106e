import type { KassaError } from '@kassa/api-client';
import type { InvoiceView } from '@kassa/contracts';
import { Button, ConfirmModal, formatMoney, ListFallback, useDialogs } from '@kassa/ui';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { isApproval } from '../approvals/approvals-api';
import { FourEyesAction, preparedNotice } from '../approvals/four-eyes-action';
import { AdminPage } from '../shared/admin-page';
import { downloadFile } from '../shared/download-file';
import { HistoryLink } from '../shared/history-link';
import { Notice, useNotice } from '../shared/notice';
import { StatusTag } from '../shared/status-tag';
import { collectedText, documentTitle, formatPeriod, InvoiceDocument } from './invoice-document';
import { InvoiceForm } from './invoice-form';
import { useDeleteInvoiceMutation, useGetInvoiceQuery, useInvoiceActionMutation } from './invoices-api';
import { invoiceName, STATUS_TAG } from './invoices-page';
import './invoices.css';

type Confirming = 'finalise' | 'pay' | 'credit' | 'delete';

/** What each step will do, said before it is done (UX.md "Safe mistakes"). */
export function confirmText(step: Confirming, inv: InvoiceView): ReactNode {
  const total = formatMoney(inv.total);
  const period = formatPeriod(inv.from, inv.to);
  switch (step) {
    case 'finalise':
      return (
        <>
          <p>
            The invoice to {inv.customerName} over {period} for <strong>{total}</strong> ({inv.lines.length} {inv.lines.length === 1 ? 'line' : 'lines'}) gets the next invoice
            number and today&apos;s date.
          </p>
          <p>After that it cannot be changed or deleted: a mistake is put right with a credit note and a new invoice.</p>
        </>
      );
    case 'pay':
      return (
        <>
          <p>
            This records that {inv.customerName} paid invoice {inv.number} of <strong>{total}</strong>.
          </p>
          <p>
            The account {inv.accountName} is credited with {total} (a posting in its history). Only do this once the money is in the bank.
          </p>
        </>
      );
    case 'credit':
      return (
        <>
          <p>
            This makes a credit note of <strong>{formatMoney(-inv.total)}</strong> with the next number, reversing invoice {inv.number}. The invoice can then no longer be
            paid.
          </p>
          {inv.status === 'paid' ? (
            <p>
              The payment of {total} is taken back off the account {inv.accountName}, so its sales are owed again: refund {inv.customerName} by bank, and make a corrected
              invoice if needed.
            </p>
          ) : (
            <p>No money moves: the sales of this period can be billed again with a corrected invoice.</p>
          )}
        </>
      );
    case 'delete':
      return <p>This deletes the draft invoice for {inv.accountName}. Its sales stay as they are and can be billed by another invoice.</p>;
  }
}

const CONFIRM: Record<Confirming, { title: string; label: string; variant: 'primary' | 'danger' }> = {
  finalise: { title: 'Finalise invoice', label: 'Finalise', variant: 'primary' },
  pay: { title: 'Mark invoice paid', label: 'Mark paid', variant: 'primary' },
  credit: { title: 'Make credit note', label: 'Make credit note', variant: 'danger' },
  delete: { title: 'Delete draft invoice', label: 'Delete', variant: 'danger' },
};

const DONE: Record<Exclude<Confirming, 'delete'>, (inv: InvoiceView) => string> = {
  finalise: (inv) => `Invoice ${inv.number} is final. Print it and send it to ${inv.customerName}.`,
  pay: (inv) => `Invoice ${inv.number} is paid; ${inv.accountName} now has ${formatMoney(inv.paid?.balanceAfter ?? 0)}.`,
  credit: (inv) => `Credit note ${inv.number} made. Print it and send it to ${inv.customerName}.`,
};

/**
 * /admin/invoices/{invoiceId}: one invoice as it prints (an A4 sheet), with its steps: change or delete a draft,
 * finalise, mark paid, make a credit note, print. Printing prints the sheet alone.
 */
export function InvoicePage() {
  const { invoiceId = '' } = useParams();
  const { data: inv, error, isLoading, refetch } = useGetInvoiceQuery(invoiceId);
  const [act, { isLoading: acting }] = useInvoiceActionMutation();
  const [remove, { isLoading: removing }] = useDeleteInvoiceMutation();
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useNotice();
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const busy = acting || removing;

  const confirm = async (step: Confirming, invoice: InvoiceView) => {
    setConfirming(null);
    if (step === 'delete') {
      const result = await remove(invoice.id);
      if (result.error) return void dialogs.error(result.error as KassaError, { title: 'Deleting the draft failed' });
      return void navigate('/admin/invoices');
    }
    const result = await act({ id: invoice.id, action: step });
    if (result.error) return void dialogs.error(result.error as KassaError, { title: `${CONFIRM[step].title} failed` });
    if (isApproval(result.data)) return void setNotice(preparedNotice(result.data));
    setNotice(DONE[step](result.data));
    if (result.data.id !== invoice.id) void navigate(`/admin/invoices/${result.data.id}`);
  };

  const downloadPdf = async () => {
    if (!inv) return;
    const name = inv.number ? `${inv.kind === 'credit_note' ? 'creditnota' : 'factuur'}-${inv.number}` : `concept-${inv.id}`;
    setDownloadError(await downloadFile(`/api/admin/invoices/${encodeURIComponent(inv.id)}/pdf`, `${name}.pdf`));
  };

  const back = (
    <Link className="k-btn" to="/admin/invoices">
      All invoices
    </Link>
  );
  if (!inv) {
    return (
      <AdminPage title="Invoice" actions={back}>
        <ListFallback error={error} isLoading={isLoading} loadingLabel="Loading the invoice" onRetry={() => void refetch()} />
      </AdminPage>
    );
  }

  const isInvoice = inv.kind === 'invoice';
  return (
    <AdminPage
      title={
        <>
          {documentTitle(inv)} {inv.number ?? ''} <StatusTag tag={STATUS_TAG[inv.status]} className="invoice-page__status">{isInvoice ? undefined : 'Credit note'}</StatusTag>
        </>
      }
      lead={`${inv.accountName}, ${formatPeriod(inv.from, inv.to)}`}
      actions={back}
    >
      <div className="k-stack invoice-page">
        <div className="k-row invoice-page__actions" role="group" aria-label="Invoice steps">
          {inv.status === 'draft' ? (
            <>
              <Button variant="primary" onClick={() => setConfirming('finalise')} disabled={busy}>
                Finalise
              </Button>
              <Button onClick={() => setEditing(true)} disabled={busy}>
                Change draft
              </Button>
              <Button variant="danger" onClick={() => setConfirming('delete')} disabled={busy}>
                Delete draft
              </Button>
            </>
          ) : null}
          {isInvoice && inv.status === 'final' ? (
            <Button variant="primary" onClick={() => setConfirming('pay')} disabled={busy}>
              Mark paid
            </Button>
          ) : null}
          {isInvoice && (inv.status === 'final' || inv.status === 'paid') ? (
            <FourEyesAction service="checkout" approvalId={`invoice:${inv.id}:credit`} label="Credit note" variant="danger" disabled={busy} onStart={() => setConfirming('credit')} />
          ) : null}
          <Button onClick={() => window.print()}>Print</Button>
          <Button onClick={() => void downloadPdf()}>Download PDF</Button>
          <HistoryLink id={inv.id} name={invoiceName(inv)} />
          {inv.creditNote ? (
            <Link className="k-btn" to={`/admin/invoices/${inv.creditNote.id}`}>
              Credit note {inv.creditNote.number}
            </Link>
          ) : null}
          {inv.creditOf ? (
            <Link className="k-btn" to={`/admin/invoices/${inv.creditOf.id}`}>
              Invoice {inv.creditOf.number}
            </Link>
          ) : null}
        </div>
        <Notice text={notice} />
        <Notice text={downloadError} tone="error" />
        {inv.status === 'draft' && !inv.sender.name ? (
          <div className="k-alert k-alert--info" role="note">
            The sender is not set yet: fill in the association&apos;s details under <Link to="/admin/settings">Settings</Link> before finalising.
          </div>
        ) : null}
        {inv.status === 'draft' && inv.undoneCount ? (
          <p className="k-muted">
            {inv.undoneCount} undone {inv.undoneCount === 1 ? 'sale is' : 'sales are'} left out.
          </p>
        ) : null}
        {inv.collectedCount ? <p className="k-muted">{collectedText(inv.collectedCount, inv.collectedThrough ?? null)}</p> : null}
        <div className="invoice-page__sheet-wrap">
          <InvoiceDocument invoice={inv} />
        </div>
      </div>
      {confirming ? (
        <ConfirmModal
          title={CONFIRM[confirming].title}
          confirmLabel={CONFIRM[confirming].label}
          variant={CONFIRM[confirming].variant}
          onConfirm={() => void confirm(confirming, inv)}
          onCancel={() => setConfirming(null)}
        >
          {confirmText(confirming, inv)}
        </ConfirmModal>
      ) : null}
      {editing ? (
        <InvoiceForm invoice={inv} onDone={(saved) => { setEditing(false); if (saved) setNotice('Draft saved.'); }} />
      ) : null}
    </AdminPage>
  );
}
