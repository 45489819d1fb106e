import { LedgerKind } from '@kassa/contracts';
import { Schema, type Connection, type InferSchemaType } from 'mongoose';

/**
 * What an admin set for one of the fixed ledgers (ledger/accounts-admin/ledgers.ts): its accounting code and kind. A ledger
 * without a document here has its defaults.
 */
const ledgerSettingSchema = new Schema(
  {
    ledgerId: { type: String, required: true },
    code: { type: String, default: null },
    kind: { type: String, enum: LedgerKind.options, required: true },
  },
  { timestamps: true },
);
ledgerSettingSchema.index({ ledgerId: 1 }, { unique: true });

export type LedgerSettingDoc = InferSchemaType<typeof ledgerSettingSchema>;
export const ledgerSettingModel = (db: Connection) => db.model('LedgerSetting', ledgerSettingSchema);
