import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What a front-end's build is made from besides its own folder: the shared libraries and the build settings. */
const SHARED_SOURCES = ['libs/ui/src', 'libs/api-client/src', 'libs/contracts/src', 'scripts/rspack', 'scripts/precompress.mjs'];
const SKIP = new Set(['node_modules', 'dist', '.rspack-cache']);

/** The file the build writes last-ish and `npm start` serves first: its presence means "built". */
export const buildMarker = (root: string, app: string) => join(root, app, 'dist', app === 'shell' ? 'index.html' : 'mf-manifest.json');

/** Newest modification time (ms) of any file under `path`, or 0 when there is none. */
export function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.endsWith('.test.ts') || entry.name.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestChange(join(path, entry.name)));
  }
  return newest;
}

/**
 * Why `app` must be built before it is served, or null when its build is newer than everything it is made from
 * (its folder, the shared libraries, the build settings). Tests are left out: they are not in the build.
 */
export function staleReason(root: string, app: string): string | null {
  const marker = buildMarker(root, app);
  if (!existsSync(marker)) return 'not built yet';
  const built = statSync(marker).mtimeMs;
  for (const source of [app, ...SHARED_SOURCES]) {
    if (newestChange(join(root, source)) > built) return `${source} changed since the last build`;
  }
  return null;
}
