import type { AuditClient } from '@kassa/service-kit';
import { viewCheck } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import { adminAccounts, auditView as accountAuditView, type AccountRow } from '../accounts-admin/admin-accounts';
import { adminLedgers } from '../accounts-admin/ledgers';
import type { AccountsContext } from '../../context';
import { accountModel } from '../models/account.model';
import { accountRequestModel } from '../models/account-request.model';
import { cardSecretModel } from '../models/card-secret.model';
import { postingModel } from '../models/posting.model';
import { registerModel } from '../../identity/models/register.model';
import { userModel } from '../../identity/models/user.model';
import { getSettings } from '../../settings';
import { payoutAuditChecks } from '../../payouts/payouts';
import { adminRegisters } from '../../identity/users/admin-registers';
import { adminUsers, auditView as userAuditView, USER_FIELDS } from '../../identity/users/admin-users';

/**
 * How the audit relay tells whether a change whose entry was left pending (the process died between the change and
 * marking its entry) happened: each entity as it is now, compared with what the entry expects.
 */
export function registerAuditChecks(db: Connection, ctx: Pick<AccountsContext, 'ledger'> & { audit: AuditClient }) {
  const { audit } = ctx;
  const accountView = viewCheck(async (id) => {
    const row = (await accountModel(db).findById(id).lean()) as AccountRow | null;
    if (!row) return null;
    const head = await ctx.ledger.balance(id, row.headSeq ?? 0);
    return accountAuditView((await adminAccounts(db, [row], new Map([[id, head.balanceAfter]])))[0]!);
  });
  audit.check('account', async (entry, expected) => {
    // A top-up or correction happened when its posting (keyed by the nonce) is there; the posting says before and after.
    const { posting, card } = (expected ?? {}) as { posting?: string; card?: string };
    if (card) {
      // A card linked to (or moved to) the account: the card names it now.
      const found = await cardSecretModel(db).findOne({ hash: card }, { accountId: 1 }).lean();
      return found !== null && String(found.accountId) === entry.entityId;
    }
    if (!posting) return accountView(entry, expected);
    const found = await postingModel(db).findOne({ key: posting }, { amount: 1, balanceAfter: 1, seq: 1 }).lean();
    if (!found) return false;
    return { before: { balance: found.balanceAfter - found.amount }, after: { ...(entry.after as object), balance: found.balanceAfter, amount: found.amount, seq: found.seq } };
  });
  audit.check(
    'user',
    viewCheck(async (id) => {
      const row = await userModel(db).findById(id, USER_FIELDS).lean();
      if (!row) return null;
      return { ...userAuditView((await adminUsers(db, [row]))[0]!), tokensValidAfter: row.tokensValidAfter ?? null };
    }),
  );
  audit.check(
    'register',
    viewCheck(async (id) => {
      const row = await registerModel(db).findById(id).lean();
      return row && (await adminRegisters(db, [row]))[0]!;
    }),
  );
  audit.check(
    'settings',
    viewCheck(() => getSettings(db)),
  );
  audit.check(
    'ledger',
    viewCheck(async (id) => (await adminLedgers(db)).find((l) => l.id === id) ?? null),
  );
  const payouts = payoutAuditChecks(db);
  audit.check('payout', viewCheck(payouts.payout));
  audit.check('payout_file', viewCheck(payouts.payout_file));
  audit.check(
    'account_request',
    viewCheck(async (id) => {
      const row = await accountRequestModel(db).findById(id, { status: 1 }).lean();
      return row && { status: row.status };
    }),
  );
}
