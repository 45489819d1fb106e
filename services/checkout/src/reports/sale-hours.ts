import { hourOfDay, runOnce } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import { transactionModel } from '../models/transaction.model';
import { REPORT_DAYS } from './day-sums';

const BATCH = 500;

/**
 * Once per database: the local `hour` on sales stored before sales kept it (the reports' busiest hours group by it),
 * worked out from `createdAt` as checkout does at sale time. Reads every such sale once; runs in the background at start.
 */
export async function migrateSaleHours(db: Connection, now: Date, timeZone: string): Promise<void> {
  await runOnce(db, 'sale-hours', now, async () => {
    const Tx = transactionModel(db);
    let batch: { updateOne: { filter: { _id: unknown }; update: { $set: { hour: number } } } }[] = [];
    const flush = async () => {
      if (batch.length) await Tx.bulkWrite(batch as never, { ordered: false });
      batch = [];
    };
    for await (const sale of Tx.find({ hour: null }, { createdAt: 1 }).lean().cursor()) {
      batch.push({ updateOne: { filter: { _id: sale._id }, update: { $set: { hour: hourOfDay(sale.createdAt, timeZone) } } } });
      if (batch.length >= BATCH) await flush();
    }
    await flush();
    // Sums kept before the hours were known counted those sales under no hour: sum the days again.
    await db.collection(REPORT_DAYS).deleteMany({});
  });
}
