/**
 * Which remote draws a client route (SPEC 2 "Routes"; / becomes /pos), by its folder name; null for the shell's own
 * pages. The shell loads that remote early and the gateway preloads its manifest. Free of imports, so the shell can
 * use it before its async boundary (`@kassa/contracts/remote-routes`).
 */
/** The one list of remotes, by folder: the gateway serves and maps them, the shell loads them, `npm start` builds them. */
export const REMOTE_FOLDERS = ['mfe-pos', 'mfe-account', 'mfe-admin', 'mfe-slides'] as const;
export type RemoteFolder = (typeof REMOTE_FOLDERS)[number];

/** A remote's Module Federation name: mfe-pos -> mfe_pos. */
export type RemoteName = RemoteFolder extends `mfe-${infer Rest}` ? `mfe_${Rest}` : never;
export const federationName = (remote: RemoteFolder) => remote.replace('-', '_') as RemoteName;

export function remoteFolderForPath(pathname: string): RemoteFolder | null {
  const under = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
  if (pathname === '/' || under('/pos')) return 'mfe-pos';
  if (under('/account') || (under('/setup') && !under('/setup/tfa'))) return 'mfe-account';
  if (under('/admin')) return 'mfe-admin';
  if (under('/slides')) return 'mfe-slides';
  return null;
}
