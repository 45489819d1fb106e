import { DENOMINATIONS } from '@kassa/contracts';
import { Schema, Types, type Connection, type InferSchemaType } from 'mongoose';

/** A drawer counted by denomination: `{ '5000': 2, '2000': 0, … }`, the keys the cents of each note and coin. */
const countSchema = new Schema(Object.fromEntries(DENOMINATIONS.map((d) => [String(d), { type: Number, default: 0 }])), { _id: false });

const safeDropSchema = new Schema(
  {
    /** The till's key: the same drop sent again is the same drop. */
    nonce: { type: String, required: true },
    amount: { type: Number, required: true },
    by: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { _id: false },
);

/**
 * A shift at a register (services/checkout/src/shifts/shifts.ts). Opening and closing are claimed by unique inserts in
 * ShiftClaim, never by a conditional update; this document records what the claims decided.
 */
const shiftSchema = new Schema(
  {
    register: { type: String, required: true },
    status: { type: String, enum: ['open', 'closed'], required: true },
    openedBy: { type: String, required: true },
    openedAt: { type: Date, required: true },
    floatCount: { type: countSchema, required: true },
    /** The float in cents (the count's total). */
    float: { type: Number, required: true },
    safeDrops: { type: [safeDropSchema], default: [] },
    closingCount: { type: countSchema, default: null },
    /** Stored at the close; an open shift's expected cash is computed when asked. */
    expected: { type: Number, default: null },
    counted: { type: Number, default: null },
    difference: { type: Number, default: null },
    closedBy: { type: String, default: null },
    closedAt: { type: Date, default: null },
    note: { type: String, default: null },
    /** The card terminal's own count and total for the shift's period, asked at the close; `note` when it could not say. */
    terminal: {
      type: new Schema(
        { totals: { type: new Schema({ count: { type: Number, required: true }, total: { type: Number, required: true } }, { _id: false }), default: null }, note: { type: String, default: null } },
        { _id: false },
      ),
      default: null,
    },
  },
  { timestamps: true },
);
shiftSchema.index({ register: 1, openedAt: -1 });

export type ShiftDoc = InferSchemaType<typeof shiftSchema> & { _id: Types.ObjectId };
export const shiftModel = (db: Connection) => db.model('Shift', shiftSchema);

/**
 * One document per state change of a shift, by a unique key: `open:<register>` (removed at the close, so the register
 * may open the next), `close:<shiftId>`, `drop:<shiftId>:<nonce>`. The insert that succeeds made the change.
 */
const shiftClaimSchema = new Schema({ key: { type: String, required: true }, shiftId: { type: Types.ObjectId, required: true }, at: { type: Date, required: true } });
shiftClaimSchema.index({ key: 1 }, { unique: true });

export const shiftClaimModel = (db: Connection) => db.model('ShiftClaim', shiftClaimSchema);
