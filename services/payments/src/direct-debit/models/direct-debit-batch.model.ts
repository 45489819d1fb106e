import { DirectDebitBatchStatus, DirectDebitFileStatus, DirectDebitSkipReason, DirectDebitStatus } from '@kassa/contracts';
import { Schema, type Connection, type InferSchemaType, type Types } from 'mongoose';

const debitSchema = new Schema(
  {
    accountId: { type: String, required: true },
    name: { type: String, required: true },
    iban: { type: String, required: true },
    bic: { type: String, default: '' },
    mandateId: { type: String, required: true },
    mandateSignedAt: { type: String, required: true },
    /** Cents owed at the cut-off, above zero. */
    amount: { type: Number, required: true },
    endToEndId: { type: String, required: true },
    status: { type: String, enum: DirectDebitStatus.options, default: 'pending' },
    failedAt: { type: Date, default: null },
    failReason: { type: String, default: null },
  },
  { _id: false },
);

const skippedSchema = new Schema(
  {
    accountId: { type: String, required: true },
    name: { type: String, required: true },
    amount: { type: Number, required: true },
    reason: { type: String, enum: DirectDebitSkipReason.options, required: true },
    detail: { type: String, default: null },
  },
  { _id: false },
);

/**
 * A direct-debit batch: what each credit account owed at the cut-off, frozen when the batch is made (the file and
 * the postings come from this snapshot, never from balances read later). The money moves only in the accounts ledger
 * with keys `direct-debit:<batch>:<account>` (collected) and `direct-debit-failed:<batch>:<account>` (reversed).
 */
const batchSchema = new Schema(
  {
    collectionDate: { type: String, required: true },
    cutoff: { type: String, required: true },
    /**
     * The cut-off while the batch counts, `cancelled:<id>` once cancelled: its unique index allows one batch per
     * cut-off (the local database has no partial indexes).
     */
    activeCutoff: { type: String, required: true },
    /** 'open' while the batch is open, absent after: its unique (sparse) index allows one open batch at a time. */
    openSlot: { type: String, default: undefined },
    status: { type: String, enum: DirectDebitBatchStatus.options, default: 'open' },
    msgId: { type: String, required: true },
    creditor: {
      type: new Schema({ name: String, iban: String, bic: String, creditorId: String }, { _id: false }),
      required: true,
    },
    debits: { type: [debitSchema], default: [] },
    skipped: { type: [skippedSchema], default: [] },
    count: { type: Number, required: true },
    total: { type: Number, required: true },
    fileStatus: { type: String, enum: DirectDebitFileStatus.options, default: 'pending' },
    fileError: { type: String, default: null },
    createdBy: { type: String, required: true },
    collectedAt: { type: Date, default: null },
    cancelledAt: { type: Date, default: null },
    /** The days ahead members must be told (the setting when the batch was made). */
    prenoticeDays: { type: Number, default: 14 },
    /** When the members were told (SEPA pre-notification), how many accounts, and those nobody could be told of. */
    prenotice: {
      type: new Schema({ at: { type: Date, required: true }, told: { type: Number, required: true }, untold: { type: [new Schema({ accountId: String, name: String }, { _id: false })], default: [] } }, { _id: false }),
      default: null,
    },
  },
  { timestamps: true },
);
batchSchema.index({ activeCutoff: 1 }, { unique: true });
batchSchema.index({ openSlot: 1 }, { unique: true, sparse: true });
batchSchema.index({ msgId: 1 }, { unique: true });
batchSchema.index({ createdAt: -1 });
batchSchema.index({ status: 1, createdAt: -1 });

export type DirectDebitBatchDoc = InferSchemaType<typeof batchSchema> & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };
export const directDebitBatchModel = (db: Connection) => db.model('DirectDebitBatch', batchSchema);

/** The written pain.008 files of a batch, one per format: stored, so every download gives the same bytes. */
const fileSchema = new Schema(
  {
    batchId: { type: String, required: true },
    format: { type: String, required: true },
    xml: { type: String, required: true },
    sha256: { type: String, required: true },
  },
  { timestamps: true },
);
fileSchema.index({ batchId: 1, format: 1 }, { unique: true });
export const directDebitFileModel = (db: Connection) => db.model('DirectDebitFile', fileSchema);

/**
 * A debit the bank reversed: insert-only, one per batch and account (unique index), so two debits of one batch marked
 * failed at the same moment are both kept (the local database updates a document by reading and writing it whole).
 * The batch's views lay these over its debits.
 */
const failureSchema = new Schema(
  {
    batchId: { type: String, required: true },
    accountId: { type: String, required: true },
    at: { type: Date, required: true },
    reason: { type: String, default: null },
  },
  { versionKey: false },
);
failureSchema.index({ batchId: 1, accountId: 1 }, { unique: true });
export const directDebitFailureModel = (db: Connection) => db.model('DirectDebitFailure', failureSchema);
