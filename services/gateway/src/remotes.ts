import { federationName, REMOTE_FOLDERS, type RemoteFolder } from '@kassa/contracts/remote-routes';
import type { GatewayEnv } from './config';

/** Where the shell reads the remotes map. */
export const REMOTES_MAP_PATH = '/remotes.json';

/** The remotes map the shell reads at run time: federation name -> mf-manifest.json URL. */
export function remotesManifest(env: GatewayEnv): Record<string, string> {
  const override: Record<RemoteFolder, string | undefined> = {
    'mfe-pos': env.REMOTE_MFE_POS_URL,
    'mfe-account': env.REMOTE_MFE_ACCOUNT_URL,
    'mfe-admin': env.REMOTE_MFE_ADMIN_URL,
    'mfe-slides': env.REMOTE_MFE_SLIDES_URL,
  };
  return Object.fromEntries(REMOTE_FOLDERS.map((r) => [federationName(r), override[r] || `/remotes/${r}/mf-manifest.json`]));
}

/** Origins of remotes served elsewhere, which the content security policy must allow. */
export function remoteOrigins(env: GatewayEnv): string[] {
  return Object.values(remotesManifest(env))
    .filter((u) => /^https?:\/\//.test(u))
    .map((u) => new URL(u).origin);
}
