import type { Connection } from 'mongoose';
import { pino } from 'pino';
import { directDebitFileProcessor } from '@kassa/payments/src/direct-debit/jobs/direct-debit-file.job';

/** Writes a direct-debit batch's SEPA file as the payments worker's job would, for tests that run without the worker. */
export async function writeDirectDebitFile(paymentsDb: Connection, batchId: string): Promise<void> {
  await directDebitFileProcessor({ db: paymentsDb, log: pino({ level: 'silent' }) })({ data: { batchId } } as Parameters<ReturnType<typeof directDebitFileProcessor>>[0]);
}
