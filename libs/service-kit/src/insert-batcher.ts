import { mongo } from 'mongoose';

interface Waiting {
  doc: mongo.Document;
  resolve: () => void;
  reject: (err: unknown) => void;
}

export interface InsertBatcherOptions {
  /** Inserts under way at once; what arrives meanwhile waits for one to end (default 2). */
  maxInFlight?: number;
  /** Documents in one insertMany at most (default 256). */
  maxBatch?: number;
}

/**
 * Inserts one document per call, as `insertOne` would, but while `maxInFlight` inserts are under way the documents
 * that arrive wait and then go together as one unordered `insertMany`. On the local database (FerretDB on PostgreSQL) [ferretdb:insert-cost]
 * that is one transaction and one multi-row INSERT for all of them instead of one each: with 32 callers at once a
 * document cost about a third of the CPU in PostgreSQL, FerretDB and Node (docs/decisions.md). Alone, a document goes
 * at once, so an idle service adds no wait.
 *
 * Each caller is answered for its own document: a duplicate key rejects only its caller, with the server's E11000
 * (code 11000, so `isDuplicateKey` holds), and the others of the batch are stored. Any other failure rejects every
 * caller of the batch, as a lost answer to insertOne would; callers retry by their unique key, as they do for that.
 */
export class InsertBatcher {
  private waiting: Waiting[] = [];
  private inFlight = 0;
  private readonly maxInFlight: number;
  private readonly maxBatch: number;

  constructor(
    private readonly collection: mongo.Collection,
    opts: InsertBatcherOptions = {},
  ) {
    this.maxInFlight = opts.maxInFlight ?? 2;
    this.maxBatch = opts.maxBatch ?? 256;
  }

  insert(doc: mongo.Document): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ doc, resolve, reject });
      this.send();
    });
  }

  private send(): void {
    while (this.inFlight < this.maxInFlight && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.maxBatch);
      this.inFlight++;
      void this.write(batch).finally(() => {
        this.inFlight--;
        this.send();
      });
    }
  }

  private async write(batch: Waiting[]): Promise<void> {
    try {
      if (batch.length === 1) await this.collection.insertOne(batch[0]!.doc);
      else await this.collection.insertMany(batch.map((w) => w.doc), { ordered: false });
      for (const w of batch) w.resolve();
    } catch (err) {
      const writeErrors = err instanceof mongo.MongoBulkWriteError && !err.result.getWriteConcernError() ? err.result.getWriteErrors() : [];
      if (writeErrors.length === 0) {
        for (const w of batch) w.reject(err);
        return;
      }
      const failed = new Map(writeErrors.map((e) => [e.index, e]));
      batch.forEach((w, i) => {
        const e = failed.get(i);
        if (e) w.reject(new mongo.MongoServerError({ message: e.errmsg ?? 'write error', code: e.code, errmsg: e.errmsg }));
        else w.resolve();
      });
    }
  }
}

const batchers = new WeakMap<mongo.Collection, InsertBatcher>();

/** The one InsertBatcher of a collection in this process, with the default options (made at its first insert). */
export function insertBatcher(collection: mongo.Collection): InsertBatcher {
  let batcher = batchers.get(collection);
  if (!batcher) batchers.set(collection, (batcher = new InsertBatcher(collection)));
  return batcher;
}
