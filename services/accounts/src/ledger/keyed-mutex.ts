/**
 * Runs tasks one at a time per key, in arrival order, and different keys in parallel. The ledger queues postings per
 * account with it, so within one process they never race and the unique index only settles races between replicas.
 */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const current = previous.then(task, task);
    // The tail never rejects, so one failed task does not fail the ones queued after it.
    const tail = current.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    try {
      return await current;
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  /** Keys with a task running or waiting (for tests and metrics). */
  get activeKeys(): number {
    return this.tails.size;
  }
}
