import { federationName, remoteFolderForPath } from '@kassa/contracts/remote-routes';
import { REMOTES_MAP_PATH } from './remotes';

/**
 * The `Link` header of the shell's page at `pathname`: preloads of the remotes map and of the mf-manifest.json of the
 * route's remote, the first two steps of loading it. The browser fetches them alongside the shell's own code instead
 * of one after the other once that code runs; the shell still reads the map and loads the remote through Module
 * Federation. `crossorigin` makes them match fetch(), which asks in cors mode.
 *
 * The remote's scripts are deliberately not preloaded: Chromium answers a later request for a preload that failed (the
 * remote was down) with that failure, so the remote's Retry would fail again. Both fetches here are always made by the
 * first attempt, which uses up their preloads.
 */
export function preloadLinks(remotes: Record<string, string>, pathname: string): string | null {
  const remote = remoteFolderForPath(pathname);
  if (!remote) return null;
  return [REMOTES_MAP_PATH, remotes[federationName(remote)]].map((url) => `<${url}>; rel=preload; as=fetch; crossorigin`).join(', ');
}
