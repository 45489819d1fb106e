import { AppError } from '@kassa/service-kit';
import { z } from 'zod';
import { invalidSsoCode } from './standin-adapter';
import type { SsoAdapter, SsoIdentity } from './sso-adapter';

export interface ViaductConfig {
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  /** Used in the exchange when the client does not say where the sign-in returned to. */
  defaultRedirectUri: string;
}

const TokenAnswer = z.object({ access_token: z.string().min(1) });
const UserInfo = z
  .object({
    sub: z.union([z.string(), z.number()]).optional(),
    id: z.union([z.string(), z.number()]).optional(),
    preferred_username: z.string().optional(),
    username: z.string().optional(),
    name: z.string().optional(),
  })
  .refine((u) => u.sub !== undefined || u.id !== undefined, 'user info without an id');

const unavailable = (what: string) => new AppError(503, 'service_unavailable', `The sign-in provider could not be reached (${what}). Please try again.`);

/** The real provider: the standard OAuth2 authorization-code exchange, then its user-info endpoint. */
export class ViaductSsoAdapter implements SsoAdapter {
  readonly provider = 'viaduct' as const;

  constructor(
    private readonly config: ViaductConfig,
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  authorizeUrl({ redirectUri, state }: { redirectUri: string; state?: string }): string {
    const url = new URL(this.config.authorizeUrl);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', this.config.clientId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('scope', this.config.scope);
    if (state) url.searchParams.set('state', state);
    return url.toString();
  }

  async exchange({ code, redirectUri }: { code: string; redirectUri?: string }): Promise<SsoIdentity> {
    const tokenRes = await this.call(this.config.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri ?? this.config.defaultRedirectUri,
        client_id: this.config.clientId,
        client_secret: this.config.clientSecret,
      }).toString(),
    });
    // The provider answers 400/401 for an unknown, used or expired code (RFC 6749 5.2: invalid_grant).
    if (tokenRes.status === 400 || tokenRes.status === 401) throw invalidSsoCode();
    if (!tokenRes.ok) throw unavailable(`token endpoint answered ${tokenRes.status}`);
    const token = TokenAnswer.safeParse(await tokenRes.json().catch(() => null));
    if (!token.success) throw unavailable('unexpected token answer');

    const infoRes = await this.call(this.config.userinfoUrl, { headers: { authorization: `Bearer ${token.data.access_token}`, accept: 'application/json' } });
    if (!infoRes.ok) throw unavailable(`user-info endpoint answered ${infoRes.status}`);
    const info = UserInfo.safeParse(await infoRes.json().catch(() => null));
    if (!info.success) throw unavailable('unexpected user info');
    const id = String(info.data.sub ?? info.data.id);
    const name = info.data.name ?? info.data.preferred_username ?? info.data.username ?? `viaduct-${id}`;
    return { viaductUserId: id, username: info.data.preferred_username ?? info.data.username ?? name, name };
  }

  private async call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await this.fetchFn(url, { ...init, signal: AbortSignal.timeout(10_000) });
    } catch (err) {
      throw unavailable((err as Error).message);
    }
  }
}
