/**
 * User Timing marks of the page's start, in the order a cold load reaches them: DevTools' Performance panel shows them
 * on its timeline, and bench/frontend reports them beside the downloads. This module imports nothing, so the shell's
 * entry can use it before the shared modules are negotiated.
 */
export const STARTUP_MARKS = {
  /** The shell's entry begins to run: main.js has arrived and compiled, and the federation runtime is set up. */
  entry: 'kassa:entry',
  /** The shared modules (React, the store, the router, …) and the shell's own are evaluated; React starts to draw. */
  shared: 'kassa:shared',
  /** A remote's `./App` has loaded through Module Federation (its name is the mark's detail). */
  remote: 'kassa:remote',
} as const;

export function markStartup(step: keyof typeof STARTUP_MARKS, detail?: string): void {
  performance.mark(STARTUP_MARKS[step], detail === undefined ? undefined : { detail });
}
