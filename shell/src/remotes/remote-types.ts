import type { RemoteAppProps } from '@kassa/api-client';
import type { RemoteName } from '@kassa/contracts/remote-routes';
import type { ComponentType } from 'react';

/** Federation names the gateway's /remotes.json maps to mf-manifest.json URLs. */
export type { RemoteName } from '@kassa/contracts/remote-routes';

/** Every remote exposes `./App`: a component rendering its routes under `basePath` with the host's providers. */
export interface RemoteAppModule {
  default: ComponentType<RemoteAppProps>;
}

/** How the error message names the part that failed. */
export const REMOTE_LABELS: Record<RemoteName, string> = {
  mfe_pos: 'The till',
  mfe_account: 'Your account pages',
  mfe_admin: 'The admin pages',
  mfe_slides: 'The slides',
};
