let answer: Promise<boolean> | null = null;
let known: boolean | undefined;

/**
 * Whether the server runs in training mode (GET /api/platform/), asked once per page. The shell's entry starts it as
 * the page opens (this module imports nothing, so index.ts may use it before the shared modules), and the band is
 * known by the first render instead of arriving after the till's tiles and pushing them down under a finger.
 */
export function askTrainingMode(): Promise<boolean> {
  answer ??= fetch('/api/platform/')
    .then((res) => (res.ok ? (res.json() as Promise<{ result?: { training?: boolean } }>) : null))
    .then((body) => (known = body?.result?.training === true))
    .catch(() => false);
  return answer;
}

/** The answer, once it has come. */
export const trainingModeKnown = (): boolean | undefined => known;
