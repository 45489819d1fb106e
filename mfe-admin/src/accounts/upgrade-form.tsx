import type { KassaError } from '@kassa/api-client';
import { ADMIN_UPGRADE_METHOD_LABELS, AdminUpgradeMethod, type AdminAccount } from '@kassa/contracts';
import { ConfirmModal, formatMoney, parseEuros, TextField, useDialogs } from '@kassa/ui';
import { useState } from 'react';
import { isApproval } from '../approvals/approvals-api';
import { preparedNotice } from '../approvals/four-eyes-action';
import { FormModal } from '../shared/form-modal';
import { FormLines, placeServerLines } from '../shared/server-lines';
import { useUpgradeAccountMutation } from './accounts-api';

/**
 * Money on or off an account by the board: a top-up paid in cash, by card, by bank transfer or otherwise, or a
 * signed correction with its reason. One nonce per opened form: a double click or a retry after a lost answer books
 * once. A correction that takes the account below what it may reach asks a second time before it is booked.
 */
export function UpgradeForm({ account, onDone }: { account: AdminAccount; onDone: (message: string | null) => void }) {
  const [nonce] = useState(() => crypto.randomUUID());
  const [method, setMethod] = useState<AdminUpgradeMethod>('cash_payment');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [otherLines, setOtherLines] = useState<string[]>([]);
  const [confirming, setConfirming] = useState<{ cents: number; message: string } | null>(null);
  const [upgrade, { isLoading }] = useUpgradeAccountMutation();
  const dialogs = useDialogs();
  const correction = method === 'correction';

  const send = async (cents: number, allowNegative: boolean) => {
    const result = await upgrade({ id: account.id, body: { amount: cents, method, reason: reason.trim(), nonce, allowNegative } });
    if (result.error) {
      const err = result.error as KassaError;
      if (err.identifier === 'confirmation_required') return setConfirming({ cents, message: err.message });
      if (err.status === 422) {
        const placed = placeServerLines(err, ['amount', 'reason'] as const);
        setErrors(placed.fields);
        return setOtherLines(placed.other);
      }
      return void dialogs.error(err, { title: correction ? 'The correction failed' : 'The top-up failed' });
    }
    if (isApproval(result.data)) return onDone(preparedNotice(result.data));
    onDone(`${correction ? 'Correction' : 'Top-up'} of ${formatMoney(result.data.amount)} booked. Balance now ${formatMoney(result.data.balanceAfter)}.`);
  };

  const submit = async () => {
    const parsed = parseEuros(amount, { negative: correction });
    const problems: { amount?: string; reason?: string } = {};
    if ('error' in parsed) problems.amount = parsed.error;
    if (correction && reason.trim() === '') problems.reason = 'Say why: a correction needs a reason.';
    setErrors(problems);
    setOtherLines([]);
    if ('error' in parsed || problems.reason) return;
    await send(parsed.cents, false);
  };

  if (confirming) {
    const after = account.balance + confirming.cents;
    return (
      <ConfirmModal title="Below zero" confirmLabel="Book it anyway" variant="danger" onCancel={() => setConfirming(null)} onConfirm={() => void send(confirming.cents, true)}>
        <p>
          This correction takes {account.name} to <strong>{formatMoney(after)}</strong>
          {account.creditAccount ? `, past its credit limit of ${formatMoney(account.effectiveCreditLimit)}` : ', below zero on a prepaid account'}.
        </p>
        <p className="k-muted">Reason: {reason.trim()}</p>
      </ConfirmModal>
    );
  }

  return (
    <FormModal title={`Money on or off ${account.name}`} submitLabel={correction ? 'Book correction' : 'Book top-up'} busy={isLoading} onSubmit={submit} onCancel={() => onDone(null)}>
      <FormLines lines={otherLines} />
      <div className="k-field">
        <label className="k-field__label" htmlFor="upgrade-method">
          Method
        </label>
        <select id="upgrade-method" className="k-input" value={method} onChange={(e) => setMethod(e.target.value as AdminUpgradeMethod)}>
          {AdminUpgradeMethod.options.map((m) => (
            <option key={m} value={m}>
              {ADMIN_UPGRADE_METHOD_LABELS[m]}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label="Amount (€)"
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={errors.amount}
        hint={correction ? 'Negative takes money off, e.g. -2,50.' : `Now ${formatMoney(account.balance)}.`}
        autoFocus
      />
      <TextField label={correction ? 'Reason' : 'Reason (optional)'} value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} error={errors.reason} hint="Shown in the account's history and the audit log." />
    </FormModal>
  );
}
