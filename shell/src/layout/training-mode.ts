let answer: Promise<boolean> | null = null;
let known: boolean | undefined;

/**
 * Whether the server runs in training mode (GET /api/platform/), asked once per page. The shell's entry starts it as
 * the page opens (this module imports nothing, so index.ts may use it before the shared modules): the band is there
 * from the shell's first screens, not drawn by an extra render of the page once the till is already up.
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
