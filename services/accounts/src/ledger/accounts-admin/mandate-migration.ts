import { localDay, runOnce } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import { accountModel } from '../models/account.model';
import { mandateIdFor } from './mandate';

/**
 * Credit accounts made before mandates were recorded get one: their reference (the same rule as for approved
 * requests) and the day the account was made as the signature day, when the member agreed to the direct debit. Once
 * per database; safe to run again (it only fills accounts that still have none).
 */
export async function migrateMandates(db: Connection, now: Date): Promise<void> {
  await runOnce(db, 'credit-account-mandates', now, async () => {
    const Account = accountModel(db);
    const missing = await Account.find({ creditAccount: true, mandateId: null }, { _id: 1, createdAt: 1 }).lean();
    for (const a of missing) {
      const signed = localDay((a as { createdAt?: Date }).createdAt ?? now, 'Europe/Amsterdam');
      await Account.updateOne({ _id: a._id, mandateId: null }, { $set: { mandateId: mandateIdFor(String(a._id)), mandateSignedAt: signed } });
    }
  });
}
