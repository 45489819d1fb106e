/**
 * Keeps the last answer of `load` for `ttlMs` and lets callers that arrive while it runs share one load, so a room
 * full of screens polling a public page costs the database one query per window. A failed load is not kept.
 */
export function ttlCache<T>(ttlMs: number, load: () => Promise<T>, now: () => number = Date.now) {
  let value: { at: number; data: T } | null = null;
  let inFlight: Promise<T> | null = null;
  return {
    get(): Promise<T> {
      if (value && now() - value.at < ttlMs) return Promise.resolve(value.data);
      if (inFlight) return inFlight;
      const started = now();
      inFlight = load()
        .then((data) => {
          value = { at: started, data };
          return data;
        })
        .finally(() => {
          inFlight = null;
        });
      return inFlight;
    },
  };
}
