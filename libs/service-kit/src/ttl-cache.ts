/**
 * Keeps the last answer of `load` for `ttlMs` and lets callers that arrive while it runs share one load, so a room
 * full of screens polling a public page costs the database one query per window. A failed load is not kept.
 */
export function ttlCache<T>(ttlMs: number, load: () => Promise<T>, now: () => number = Date.now) {
  let value: { at: number; data: T } | null = null;
  let inFlight: Promise<T> | null = null;
  // Bumped by clear(): a load that started before it may have read what the clear was for, so it is not kept.
  let generation = 0;
  return {
    /** Forgets the kept answer: the next get loads (a load under way is not kept). */
    clear(): void {
      value = null;
      inFlight = null;
      generation += 1;
    },
    /** The kept answer while it is younger than `maxAgeMs` (default the cache's ttl), else a fresh load. */
    get(maxAgeMs = ttlMs): Promise<T> {
      if (value && now() - value.at < maxAgeMs) return Promise.resolve(value.data);
      if (inFlight) return inFlight;
      const started = now();
      const startedIn = generation;
      const loading = load()
        .then((data) => {
          if (startedIn === generation) value = { at: started, data };
          return data;
        })
        .finally(() => {
          if (inFlight === loading) inFlight = null;
        });
      inFlight = loading;
      return loading;
    },
  };
}
