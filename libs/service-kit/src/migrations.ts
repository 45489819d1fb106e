import { Schema, type Connection } from 'mongoose';
import { isDuplicateKey } from './mongo';

/** One-time data changes that have run (unique key): a started service does each once, whatever replicas start. */
const migrationSchema = new Schema({ key: { type: String, required: true }, at: { type: Date, required: true } }, { versionKey: false });
migrationSchema.index({ key: 1 }, { unique: true });
export const migrationModel = (db: Connection) => db.model('Migration', migrationSchema);

/**
 * Runs `change` once per database under `key`. The change must be safe to run again (two replicas starting at once
 * may both run it before either marks it done).
 */
export async function runOnce(db: Connection, key: string, now: Date, change: () => Promise<void>): Promise<void> {
  const Migration = migrationModel(db);
  if (await Migration.exists({ key })) return;
  await change();
  try {
    await Migration.create({ key, at: now });
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
  }
}
