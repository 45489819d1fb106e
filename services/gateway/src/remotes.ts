import { federationName, REMOTE_FOLDERS, type RemoteFolder } from '@kassa/contracts/remote-routes';
import { readFileSync, statSync } from 'node:fs';
import type { GatewayEnv } from './config';

/** Where the shell reads the remotes map. */
export const REMOTES_MAP_PATH = '/remotes.json';

/** Where the gateway serves a remote's manifest from its own disk (its dist folder under /remotes/<folder>/). */
export const localManifestPath = (remote: RemoteFolder) => `/remotes/${remote}/mf-manifest.json`;

type RemotesEnv = Pick<GatewayEnv, 'REMOTE_MFE_POS_URL' | 'REMOTE_MFE_ACCOUNT_URL' | 'REMOTE_MFE_ADMIN_URL' | 'REMOTE_MFE_SLIDES_URL'> & { REMOTES_FILE?: string | undefined };

/** The remotes map from the start-up settings alone: federation name -> mf-manifest.json URL. */
export function remotesManifest(env: RemotesEnv): Record<string, string> {
  const override: Record<RemoteFolder, string | undefined> = {
    'mfe-pos': env.REMOTE_MFE_POS_URL,
    'mfe-account': env.REMOTE_MFE_ACCOUNT_URL,
    'mfe-admin': env.REMOTE_MFE_ADMIN_URL,
    'mfe-slides': env.REMOTE_MFE_SLIDES_URL,
  };
  return Object.fromEntries(REMOTE_FOLDERS.map((r) => [federationName(r), override[r] || localManifestPath(r)]));
}

/** Origins of remotes served elsewhere, which the content security policy must allow. */
export function originsOf(map: Record<string, string>): string[] {
  return [...new Set(Object.values(map).filter((u) => /^https?:\/\//.test(u)).map((u) => new URL(u).origin))];
}

const FEDERATION_NAMES = new Set<string>(REMOTE_FOLDERS.map(federationName));

/** A remotes file's overrides: known federation names to a relative path or an http(s) URL; anything else is refused. */
function parseOverrides(text: string): Record<string, string> {
  const data: unknown = JSON.parse(text);
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new Error('not a JSON object');
  const out: Record<string, string> = {};
  for (const [name, url] of Object.entries(data)) {
    if (!FEDERATION_NAMES.has(name)) throw new Error(`unknown remote ${name}`);
    if (typeof url !== 'string' || !(/^https?:\/\/[^\s;,']+$/.test(url) || /^\/[^\s;,']*$/.test(url))) throw new Error(`${name}: not an http(s) URL or a path`);
    if (/^https?:/.test(url)) new URL(url);
    out[name] = url;
  }
  return out;
}

/**
 * The remotes map as it is now. Start-up settings (REMOTE_MFE_*_URL) give the base; REMOTES_FILE, when set, names a
 * JSON file of overrides ({"mfe_pos": "https://pos2.example.org/mf-manifest.json"}) that an operator may change while
 * the gateway runs: a remote redeployed elsewhere is handed out from the next /remotes.json on, without a restart. The
 * file is read again when its modification time or size changes. A file that is missing or wrong leaves the last good
 * map in place (and says so once), so a typo never takes every remote away.
 *
 * The shell's content security policy is drawn from the same map on every response (see app.ts), so it always allows
 * the origins the shell is told to load from: never one handed out yet refused, never one left over.
 */
export class RemotesMap {
  private readonly base: Record<string, string>;
  private overrides: Record<string, string> = {};
  private seen = '';

  constructor(
    private readonly env: RemotesEnv,
    private readonly warn: (msg: string) => void = () => undefined,
  ) {
    this.base = remotesManifest(env);
  }

  current(): Record<string, string> {
    this.refresh();
    return { ...this.base, ...this.overrides };
  }

  origins(): string[] {
    return originsOf(this.current());
  }

  private refresh() {
    const file = this.env.REMOTES_FILE;
    if (!file) return;
    let stamp: string;
    try {
      const st = statSync(file);
      stamp = `${st.mtimeMs}:${st.size}`;
    } catch {
      stamp = 'missing';
    }
    if (stamp === this.seen) return;
    this.seen = stamp;
    if (stamp === 'missing') {
      this.warn(`REMOTES_FILE ${file} is missing: the remotes map keeps its last good state`);
      return;
    }
    try {
      this.overrides = parseOverrides(readFileSync(file, 'utf8'));
    } catch (err) {
      this.warn(`REMOTES_FILE ${file} was not used (${(err as Error).message}): the remotes map keeps its last good state`);
    }
  }
}
