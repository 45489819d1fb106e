import { federationName, remoteFolderForPath } from '@kassa/contracts/remote-routes';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { startEarlyRequest } from '@kassa/api-client/early-requests';
import { markStartup } from '../startup-marks';
import { promiseState } from './promise-state';
import type { RemoteAppModule, RemoteName } from './remote-types';

type RemotesMap = Partial<Record<RemoteName, string>>;

/** The gateway's run-time map of remote name to mf-manifest.json; nothing about remotes is baked into the shell. */
export const REMOTES_MAP_URL = '/remotes.json';

let remotesMap: Promise<RemotesMap> | null = null;
const registered = new Map<RemoteName, string>();

function loadRemotesMap(fresh: boolean): Promise<RemotesMap> {
  if (fresh || !remotesMap) {
    remotesMap = fetch(REMOTES_MAP_URL, { cache: 'no-cache', headers: { Accept: 'application/json' } }).then(async (res) => {
      if (!res.ok) throw new Error(`${REMOTES_MAP_URL} answered ${res.status}`);
      return (await res.json()) as RemotesMap;
    });
    // A failed map is not remembered: the next attempt asks again.
    remotesMap.catch(() => {
      remotesMap = null;
    });
  }
  return remotesMap;
}

async function fetchRemoteApp(name: RemoteName, retry: boolean): Promise<RemoteAppModule> {
  const map = await loadRemotesMap(retry);
  const entry = map[name];
  if (!entry) throw new Error(`${REMOTES_MAP_URL} has no entry for ${name}`);
  if (retry || registered.get(name) !== entry) {
    registerRemotes([{ name, entry }], { force: registered.has(name) });
    registered.set(name, entry);
  }
  const mod = await loadRemote<RemoteAppModule>(`${name}/App`);
  if (!mod || typeof mod.default !== 'function') throw new Error(`${name}/App did not provide a component`);
  markStartup('remote', name);
  return mod;
}

// The first load of each remote, started early by preloadRemoteFor or by the first RemoteArea that needs it; its state
// is followed from the start, so a remote that is already there is drawn in the first render.
const firstLoads = new Map<RemoteName, Promise<RemoteAppModule>>();

/**
 * Registers the remote from the map and loads its `./App`. `retry` reads the map again and re-registers with force,
 * which drops the runtime's cached manifest and entry, so a remote that was down is really fetched again.
 */
export function loadRemoteApp(name: RemoteName, { retry = false } = {}): Promise<RemoteAppModule> {
  if (retry) return fetchRemoteApp(name, true);
  let load = firstLoads.get(name);
  if (!load) {
    load = fetchRemoteApp(name, false);
    promiseState(load);
    firstLoads.set(name, load);
  }
  return load;
}

/** Which remote draws `pathname`, or null for the shell's own pages. */
export function remoteForPath(pathname: string): RemoteName | null {
  const folder = remoteFolderForPath(pathname);
  return folder ? federationName(folder) : null;
}

/**
 * What a remote's first screen waits for from the API, asked for together with the configuration as the page opens
 * (the base query takes the answers, see @kassa/api-client/early-requests). The till draws its product grid from
 * GET /api/products/.
 */
const FIRST_SCREEN_DATA: Partial<Record<RemoteName, string[]>> = { mfe_pos: ['/api/products/'] };

/**
 * Starts loading the remote of the page being opened, and the data its first screen needs, while the shell's own code
 * still loads: they are there by the time the session check lets the page draw. A failure surfaces where the remote
 * is drawn. Returns the remote's load (settled when it has arrived or failed), for what should wait for the first screen.
 */
export function preloadRemoteFor(pathname: string): Promise<unknown> {
  const name = remoteForPath(pathname);
  if (!name) return Promise.resolve();
  const load = loadRemoteApp(name);
  load.catch(() => undefined);
  for (const url of FIRST_SCREEN_DATA[name] ?? []) startEarlyRequest(url);
  return load;
}
