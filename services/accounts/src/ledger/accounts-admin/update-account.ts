import type { AdminAccount, AdminAccountPatchBody } from '@kassa/contracts';
import { AppError, type AuditWarnLogger, type ServiceApp } from '@kassa/service-kit';
import { auditActor } from '../audit/audit';
import type { AccountsContext } from '../../context';
import { adminAccount, auditView, checkBank, checkTab } from './admin-accounts';

/**
 * Changes an open account (PUT gives every field, PATCH some) and writes its audit entry. IBAN and BIC are checked
 * when they or the credit flag are part of the change, so a name fix never trips over an old account's bank details.
 */
export async function updateAccount(app: ServiceApp, ctx: AccountsContext, id: string, fields: AdminAccountPatchBody & Record<string, unknown>, user: { sub: string; username: string }, log: AuditWarnLogger): Promise<AdminAccount> {
  const { view: before } = await adminAccount(app.db, ctx, id);
  if (before.closedAt) throw new AppError(409, 'account_closed', `${before.name} is closed.`);
  const set: Record<string, unknown> = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  if (['tab', 'tabLimit', 'type', 'creditAccount', 'invoiceName', 'invoiceAddress'].some((k) => k in set)) {
    const was = before.tab ?? false;
    Object.assign(
      set,
      checkTab(
        {
          type: (set.type as AdminAccount['type'] | undefined) ?? before.type,
          creditAccount: (set.creditAccount as boolean | undefined) ?? before.creditAccount,
          tab: (set.tab as boolean | undefined) ?? was,
          // A tab keeps its limit unless one is given; an account becoming a tab must say it.
          tabLimit: 'tabLimit' in set ? (set.tabLimit as number | null) : was ? (before.tabLimit ?? null) : undefined,
          invoiceName: 'invoiceName' in set ? (set.invoiceName as string | null) : (before.invoiceName ?? null),
          invoiceAddress: 'invoiceAddress' in set ? (set.invoiceAddress as string | null) : (before.invoiceAddress ?? null),
        },
        { tab: was, balance: before.balance },
      ),
    );
  }
  if ('creditAccount' in set || 'iban' in set || 'bic' in set) {
    Object.assign(set, checkBank({ creditAccount: (set.creditAccount as boolean | undefined) ?? before.creditAccount, iban: 'iban' in set ? (set.iban as string | null) : before.iban, bic: 'bic' in set ? (set.bic as string | null) : before.bic }));
  }
  return ctx.audit.audited(
    // The balance is not part of the change (a sale may move it meanwhile).
    { actor: auditActor(user), action: 'account.update', entity: 'account', entityId: id, before: auditView(before), after: { ...auditView(before), ...set }, expect: set, at: ctx.now() },
    log,
    async () => {
      await ctx.ledger.updateAccount(id, set);
      ctx.directory.invalidate();
      return (await adminAccount(app.db, ctx, id)).view;
    },
    (after) => ({ after: auditView(after) }),
  );
}
