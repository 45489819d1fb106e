import { Schema, Types, type Connection, type InferSchemaType } from 'mongoose';
import { NOTICE_KINDS } from '@kassa/contracts';

/**
 * A mail to a member, recorded once per key (`account_request.approved:<request id>`, ...): queued again by a retry, a
 * replica or a restart, the unique key makes the second insert a no-op. The text is written when it is queued, in the
 * member's language, so what the member and the board see is what went out.
 */
const noticeSchema = new Schema(
  {
    key: { type: String, required: true },
    userId: { type: Types.ObjectId, required: true },
    accountId: { type: Types.ObjectId, default: null },
    kind: { type: String, enum: NOTICE_KINDS, required: true },
    /** The address at the time it was queued; null when the member had none (recorded, never mailed). */
    to: { type: String, default: null },
    language: { type: String, enum: ['nl', 'en'], required: true },
    subject: { type: String, required: true },
    text: { type: String, required: true },
    createdAt: { type: Date, required: true },
    sentAt: { type: Date, default: null },
    /** Attempts at the mail server so far, and what the last failed one said. */
    tries: { type: Number, default: 0 },
    lastError: { type: String, default: null },
  },
  { versionKey: false },
);
noticeSchema.index({ key: 1 }, { unique: true });
noticeSchema.index({ userId: 1, createdAt: -1 });
noticeSchema.index({ accountId: 1, createdAt: -1 });

/**
 * Who sends a notice: a worker inserts `send:<key>` before it talks to the mail server, so of two workers on the same
 * notice (a job run twice, a stalled job taken over) only one sends. A failed send removes its claim for the retry.
 */
const noticeSendSchema = new Schema({ _id: { type: String, required: true }, at: { type: Date, required: true } }, { versionKey: false });

export type NoticeDoc = InferSchemaType<typeof noticeSchema> & { _id: Types.ObjectId };
export const noticeModel = (db: Connection) => db.model('Notice', noticeSchema);
export const noticeSendModel = (db: Connection) => db.model('NoticeSend', noticeSendSchema);
