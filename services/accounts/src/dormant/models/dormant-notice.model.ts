import { Schema, Types, type Connection, type InferSchemaType } from 'mongoose';

/**
 * An account told in a month's dormant round (`_id` `<month>:<account id>`: a round run twice, or by two replicas at
 * once, records it once): what it was then (its name, last use, balance), when it was told, and the day from which it
 * may be closed. Its state now is worked out when read (dormant.ts).
 */
const dormantNoticeSchema = new Schema(
  {
    _id: { type: String, required: true },
    month: { type: String, required: true },
    accountId: { type: Types.ObjectId, required: true },
    name: { type: String, required: true },
    lastUse: { type: Date, required: true },
    balance: { type: Number, required: true },
    noticedAt: { type: Date, required: true },
    closeOn: { type: String, required: true },
    told: { type: Number, required: true },
  },
  { versionKey: false },
);
dormantNoticeSchema.index({ month: 1 });
dormantNoticeSchema.index({ accountId: 1 });

export type DormantNoticeDoc = InferSchemaType<typeof dormantNoticeSchema>;
export const dormantNoticeModel = (db: Connection) => db.model('DormantNotice', dormantNoticeSchema, 'dormant_notices');
