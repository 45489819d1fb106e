import { Schema, type Connection, type InferSchemaType } from 'mongoose';

/**
 * Second-factor codes that were used: `totp:<userId>:<time step>` and `recovery:<userId>:<hash>`. The unique index
 * lets a code sign in once, also when two sign-ins send it at the same moment (FerretDB's updates are no lock). [ferretdb:no-atomic-update]
 */
const tfaCodeUseSchema = new Schema({ key: { type: String, required: true }, at: { type: Date, required: true } }, { versionKey: false });
tfaCodeUseSchema.index({ key: 1 }, { unique: true });

export type TfaCodeUseDoc = InferSchemaType<typeof tfaCodeUseSchema>;
export const tfaCodeUseModel = (db: Connection) => db.model('TfaCodeUse', tfaCodeUseSchema);
