import type { Connection } from 'mongoose';
import type { AccountsEnv } from '../../config';
import { defaultRedirectUri } from './redirects';
import type { SsoAdapter } from './sso-adapter';
import { StandinSsoAdapter } from './standin-adapter';
import { ViaductSsoAdapter } from './viaduct-adapter';

export function createSsoAdapter(env: AccountsEnv, db: Connection, now: () => Date): SsoAdapter {
  if (env.SSO_PROVIDER === 'standin') return new StandinSsoAdapter(db, now);
  // loadAccountsConfig has checked these are set for SSO_PROVIDER=viaduct.
  return new ViaductSsoAdapter({
    authorizeUrl: env.VIADUCT_AUTHORIZE_URL ?? '',
    tokenUrl: env.VIADUCT_TOKEN_URL ?? '',
    userinfoUrl: env.VIADUCT_USERINFO_URL ?? '',
    clientId: env.VIADUCT_CLIENT_ID ?? '',
    clientSecret: env.VIADUCT_CLIENT_SECRET ?? '',
    scope: env.VIADUCT_SCOPE,
    defaultRedirectUri: defaultRedirectUri(env),
  });
}
