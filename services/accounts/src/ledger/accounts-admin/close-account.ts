import { formatEuros, type AdminAccount } from '@kassa/contracts';
import { AppError, type AuditWarnLogger } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import type { AccountsContext } from '../../context';
import { auditActor } from '../audit/audit';
import { adminAccount, auditView } from './admin-accounts';
import { balanceFirst, lastUseOf, mayExpire } from './close-rule';

export const EXPIRY_DESCRIPTION = 'Balance expired when the account was closed (terms: unused for more than a year)';

/**
 * Closes an account whose balance (`expected`, read by the caller) is zero or may expire, with its audit entry: closed
 * first, so no sale lands between reading the balance and expiring it (the ledger refuses them now); then a positive
 * balance is booked away by one `expiry` posting (keyed `expiry:<id>`: twice at once books once). Money that reached
 * the account meanwhile opens it again (409): the close never takes it. `auditKey` makes the entry once per action
 * that may be asked twice at once (the dormant round).
 */
export async function closeAccount(
  db: Connection,
  ctx: AccountsContext,
  input: { id: string; before: AdminAccount; expected: number; user: { sub: string; username: string }; log: AuditWarnLogger; auditKey?: string },
): Promise<{ account: AdminAccount; expired: number }> {
  const { id, before, expected, user } = input;
  const createdAt = new Date(before.createdAt);
  const closedAt = ctx.now();
  const { after, expired } = await ctx.audit.audited(
    // The close happened when the account carries this closing moment.
    { actor: auditActor(user), action: 'account.close', entity: 'account', entityId: id, before: auditView(before), after: { ...auditView(before), closedAt }, expect: { closedAt }, at: closedAt, ...(input.auditKey ? { key: input.auditKey } : {}) },
    input.log,
    async () => {
      await ctx.ledger.updateAccount(id, { closedAt });
      ctx.directory.invalidate();
      let expired = 0;
      const left = await ctx.ledger.readHead(id);
      if (left.balanceAfter !== expected) {
        // Money moved between the check and the close (a top-up, a sale): open again, and let the board look.
        const used = await lastUseOf(db, id, createdAt);
        if (left.balanceAfter < 0 || (left.balanceAfter > 0 && !mayExpire(used, closedAt))) {
          await ctx.ledger.updateAccount(id, { closedAt: null });
          ctx.directory.invalidate();
          if (left.balanceAfter < 0) throw new AppError(409, 'conflict', `${before.name} owes ${formatEuros(-left.balanceAfter)} now: it stays open.`);
          throw balanceFirst(before.name, left.balanceAfter, used);
        }
      }
      if (left.balanceAfter > 0) {
        const posted = await ctx.ledger.post({ accountId: id, amount: -left.balanceAfter, key: `expiry:${id}`, kind: 'expiry', ref: `close:${id}`, description: EXPIRY_DESCRIPTION, by: user.username });
        expired = -posted.amount;
      }
      return { after: (await adminAccount(db, ctx, id)).view, expired };
    },
    (closed) => ({ after: { ...auditView(closed.after), expired: closed.expired } }),
  );
  return { account: after, expired };
}
