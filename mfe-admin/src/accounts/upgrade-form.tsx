import type { KassaError } from '@kassa/api-client';
import { ADMIN_UPGRADE_METHOD_LABELS, AdminUpgradeMethod, type AdminAccount } from '@kassa/contracts';
import { ConfirmModal, formatMoney, TextField, useDialogs } from '@kassa/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { isApproval } from '../approvals/approvals-api';
import { preparedNotice } from '../approvals/four-eyes-action';
import { FormModal } from '../shared/form-modal';
import { euros, field, Options, SelectField, useServerLines } from '../shared/forms';
import { useUpgradeAccountMutation } from './accounts-api';

/** The form's fields: a correction is signed and says why; a top-up is above zero. */
const UpgradeFields = z.discriminatedUnion('method', [
  z.object({ method: z.literal('correction'), amount: euros({ negative: true }), reason: z.string().trim().min(1, 'Say why: a correction needs a reason.') }),
  z.object({ method: AdminUpgradeMethod.exclude(['correction']), amount: euros(), reason: z.string().trim() }),
]);
type Upgrade = z.output<typeof UpgradeFields>;

/**
 * Money on or off an account by the board: a top-up paid in cash, by card, by bank transfer or otherwise, or a
 * signed correction with its reason. One nonce per opened form: a double click or a retry after a lost answer books
 * once. A correction that takes the account below what it may reach asks a second time before it is booked.
 */
export function UpgradeForm({ account, onDone }: { account: AdminAccount; onDone: (message: string | null) => void }) {
  const [nonce] = useState(() => crypto.randomUUID());
  const form = useForm({ resolver: zodResolver(UpgradeFields), reValidateMode: 'onSubmit', defaultValues: { method: 'cash_payment' as AdminUpgradeMethod, amount: '', reason: '' } });
  const server = useServerLines(form);
  const [confirming, setConfirming] = useState<{ upgrade: Upgrade; message: string } | null>(null);
  const [upgrade, { isLoading }] = useUpgradeAccountMutation();
  const dialogs = useDialogs();
  const correction = useWatch({ control: form.control, name: 'method' }) === 'correction';

  const send = async (values: Upgrade, allowNegative: boolean) => {
    const result = await upgrade({ id: account.id, body: { ...values, nonce, allowNegative } });
    if (result.error) {
      const err = result.error as KassaError;
      if (err.identifier === 'confirmation_required') return setConfirming({ upgrade: values, message: err.message });
      if (err.status === 422) return server.place(err, ['amount', 'reason']);
      return void dialogs.error(err, { title: correction ? 'The correction failed' : 'The top-up failed' });
    }
    if (isApproval(result.data)) return onDone(preparedNotice(result.data));
    onDone(`${correction ? 'Correction' : 'Top-up'} of ${formatMoney(result.data.amount)} booked. Balance now ${formatMoney(result.data.balanceAfter)}.`);
  };

  const submit = form.handleSubmit(async (values) => {
    server.clear();
    await send(values, false);
  }, server.clear);

  if (confirming) {
    const after = account.balance + confirming.upgrade.amount;
    return (
      <ConfirmModal title="Below zero" confirmLabel="Book it anyway" variant="danger" onCancel={() => setConfirming(null)} onConfirm={() => void send(confirming.upgrade, true)}>
        <p>
          This correction takes {account.name} to <strong>{formatMoney(after)}</strong>
          {account.creditAccount ? `, past its credit limit of ${formatMoney(account.effectiveCreditLimit)}` : ', below zero on a prepaid account'}.
        </p>
        <p className="k-muted">Reason: {confirming.upgrade.reason}</p>
      </ConfirmModal>
    );
  }

  return (
    <FormModal title={`Money on or off ${account.name}`} submitLabel={correction ? 'Book correction' : 'Book top-up'} busy={isLoading} lines={server.lines} onSubmit={() => submit()} onCancel={() => onDone(null)}>
      <SelectField label="Method" {...form.register('method')}>
        <Options values={AdminUpgradeMethod.options} label={(m) => ADMIN_UPGRADE_METHOD_LABELS[m]} />
      </SelectField>
      <TextField label="Amount (€)" inputMode="decimal" {...field(form, 'amount')} hint={correction ? 'Negative takes money off, e.g. -2,50.' : `Now ${formatMoney(account.balance)}.`} autoFocus />
      <TextField label={correction ? 'Reason' : 'Reason (optional)'} maxLength={200} {...field(form, 'reason')} hint="Shown in the account's history and the audit log." />
    </FormModal>
  );
}
