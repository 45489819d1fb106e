import { Schema, Types, type Connection, type InferSchemaType } from 'mongoose';

const userSchema = new Schema(
  {
    username: { type: String, required: true, trim: true, lowercase: true },
    /** bcrypt hash; absent for users who only sign in through single sign-on. */
    passwordHash: { type: String, default: null },
    isAdmin: { type: Boolean, default: false },
    /** An admin's roles (contracts/roles.ts). Left out on admins made before roles: they hold every role. */
    roles: { type: [String], default: undefined },
    registerId: { type: Types.ObjectId, default: null },
    accountId: { type: Types.ObjectId, default: null },
    /**
     * Left out (not null) for users without single sign-on: the unique index then ignores them, on MongoDB because it
     * is sparse and on FerretDB because a missing field is SQL NULL. [ferretdb:unique-missing-field]
     */
    viaductUserId: { type: String, default: undefined },
    displayName: { type: String, default: null },
    /** Where the member's notices go (/account's profile form); none: notices are recorded but not mailed. */
    email: { type: String, default: null },
    /** The language of the member's mails: 'nl' (default) or 'en'. */
    language: { type: String, enum: ['nl', 'en'], default: 'nl' },
    /** The member's low-balance mail: sent when a payment takes their account below this many cents; null: off. */
    lowBalance: { type: Number, default: null },
    /** Version of the conditions (terms) last accepted; 0 = never. */
    acceptedConditionVersion: { type: Number, default: 0 },
    /** Two-factor sign-in (TOTP). Secrets are sealed with a key derived from PIN_PEPPER (identity/security/tfa.ts). */
    tfaEnabled: { type: Boolean, default: false },
    tfaSecret: { type: String, default: null },
    /** Made by POST /api/user/tfa/setup, becomes tfaSecret once a code from it is confirmed. */
    tfaPendingSecret: { type: String, default: null },
    /** HMACs of the unused recovery codes. */
    tfaRecoveryHashes: { type: [String], default: [] },
    /** A disabled user cannot sign in, and their tokens stop at once (identity/security/rights.ts). */
    disabled: { type: Boolean, default: false },
    /** Tokens issued before this moment no longer hold (set by a password reset or a disable). */
    tokensValidAfter: { type: Date, default: null },
  },
  { timestamps: true },
);
userSchema.index({ username: 1 }, { unique: true });
userSchema.index({ viaductUserId: 1 }, { unique: true, sparse: true });

export type UserDoc = InferSchemaType<typeof userSchema>;
export const userModel = (db: Connection) => db.model('User', userSchema);
