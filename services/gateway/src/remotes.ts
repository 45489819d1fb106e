import type { GatewayEnv } from './config';

export const REMOTE_NAMES = ['mfe-pos', 'mfe-account', 'mfe-admin', 'mfe-slides'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Module Federation name of a remote folder: mfe-pos -> mfe_pos. */
export const federationName = (remote: RemoteName) => remote.replace('-', '_');

/** Where the shell reads the remotes map. */
export const REMOTES_MAP_PATH = '/remotes.json';

/** The remotes map the shell reads at run time: federation name -> mf-manifest.json URL. */
export function remotesManifest(env: GatewayEnv): Record<string, string> {
  const override: Record<RemoteName, string | undefined> = {
    'mfe-pos': env.REMOTE_MFE_POS_URL,
    'mfe-account': env.REMOTE_MFE_ACCOUNT_URL,
    'mfe-admin': env.REMOTE_MFE_ADMIN_URL,
    'mfe-slides': env.REMOTE_MFE_SLIDES_URL,
  };
  return Object.fromEntries(REMOTE_NAMES.map((r) => [federationName(r), override[r] || `/remotes/${r}/mf-manifest.json`]));
}

/** Origins of remotes served elsewhere, which the content security policy must allow. */
export function remoteOrigins(env: GatewayEnv): string[] {
  return Object.values(remotesManifest(env))
    .filter((u) => /^https?:\/\//.test(u))
    .map((u) => new URL(u).origin);
}
