import { Schema, type Connection, type InferSchemaType } from 'mongoose';

/**
 * Codes the stand-in sign-in provider hands out. Expiry is checked on use (FerretDB has no TTL indexes); a code is [ferretdb:no-ttl]
 * redeemed by inserting into SsoCodeRedemption, whose unique index lets exactly one exchange win.
 */
const ssoCodeSchema = new Schema(
  {
    code: { type: String, required: true },
    viaductUserId: { type: String, required: true },
    name: { type: String, required: true },
    redirectUri: { type: String, required: true },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false },
);
ssoCodeSchema.index({ code: 1 }, { unique: true });

const ssoCodeRedemptionSchema = new Schema({ code: { type: String, required: true }, at: { type: Date, required: true } }, { versionKey: false });
ssoCodeRedemptionSchema.index({ code: 1 }, { unique: true });

export type SsoCodeDoc = InferSchemaType<typeof ssoCodeSchema>;
export const ssoCodeModel = (db: Connection) => db.model('SsoCode', ssoCodeSchema);
export const ssoCodeRedemptionModel = (db: Connection) => db.model('SsoCodeRedemption', ssoCodeRedemptionSchema);
