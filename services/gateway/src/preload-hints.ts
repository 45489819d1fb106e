import { federationName, remoteFolderForPath } from '@kassa/contracts/remote-routes';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { localManifestPath, REMOTES_MAP_PATH } from './remotes';

/** What an mf-manifest.json says about the files a remote's `./App` runs first. */
interface Manifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { name?: string; assets?: { js?: { sync?: string[] } } }[];
}

const scripts = new Map<string, { stamp: string; files: string[] }>();

/**
 * The scripts the federation runtime loads first for a remote the gateway serves from `dir`: its remoteEntry.js and the
 * sync chunks of its exposed `./App`, as its mf-manifest.json on disk lists them (read again when the file changes).
 * Empty when the manifest is missing or unreadable: then nothing is preloaded.
 */
function localAppScripts(dir: string): string[] {
  const file = join(dir, 'mf-manifest.json');
  try {
    const stat = statSync(file);
    const stamp = `${stat.mtimeMs}:${stat.size}`;
    const cached = scripts.get(dir);
    if (cached?.stamp === stamp) return cached.files;
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
    const entry = manifest.metaData?.remoteEntry;
    const app = manifest.exposes?.find((e) => e.name === 'App');
    const files = [...(entry?.name ? [[entry.path, entry.name].filter(Boolean).join('/')] : []), ...(app?.assets?.js?.sync ?? [])];
    scripts.set(dir, { stamp, files });
    return files;
  } catch {
    return [];
  }
}

/**
 * The `Link` header of the shell's page at `pathname`: preloads of what the route's remote needs first, which the
 * browser then fetches alongside the shell's own code instead of once that code has run and the main thread is free:
 * - the remotes map and the remote's mf-manifest.json (`as=fetch; crossorigin`, matching fetch(), which asks in cors
 *   mode);
 * - when the gateway serves the remote itself (the map points at its own /remotes/<folder>/ and the build is on disk),
 *   its remoteEntry.js and the sync chunks of its `./App`, as plain `as=script` preloads: the federation runtime adds
 *   them as <script> tags without a crossorigin attribute, so the preloads match and are used, not fetched twice.
 *
 * A remote served elsewhere gets no script preloads: Chromium answers a later request for a preload that failed (that
 * remote down) with the same failure, so the remote's Retry would fail again. The files here are on the gateway's own
 * disk when the page is sent, and the previous release's files stay (KeepPreviousReleasePlugin).
 */
export function preloadLinks(remotes: Record<string, string>, pathname: string, remotesRoot?: string): string | null {
  const remote = remoteFolderForPath(pathname);
  if (!remote) return null;
  const manifest = remotes[federationName(remote)];
  const links = [REMOTES_MAP_PATH, manifest].map((url) => `<${url}>; rel=preload; as=fetch; crossorigin`);
  if (remotesRoot && manifest === localManifestPath(remote)) {
    for (const file of localAppScripts(join(remotesRoot, remote, 'dist'))) links.push(`</remotes/${remote}/${file}>; rel=preload; as=script`);
  }
  return links.join(', ');
}
