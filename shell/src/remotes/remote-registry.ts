import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
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

/**
 * Registers the remote from the map and loads its `./App`. `retry` reads the map again and re-registers with force,
 * which drops the runtime's cached manifest and entry, so a remote that was down is really fetched again.
 */
export async function loadRemoteApp(name: RemoteName, { retry = false } = {}): Promise<RemoteAppModule> {
  const map = await loadRemotesMap(retry);
  const entry = map[name];
  if (!entry) throw new Error(`${REMOTES_MAP_URL} has no entry for ${name}`);
  if (retry || registered.get(name) !== entry) {
    registerRemotes([{ name, entry }], { force: registered.has(name) });
    registered.set(name, entry);
  }
  const mod = await loadRemote<RemoteAppModule>(`${name}/App`);
  if (!mod || typeof mod.default !== 'function') throw new Error(`${name}/App did not provide a component`);
  return mod;
}
