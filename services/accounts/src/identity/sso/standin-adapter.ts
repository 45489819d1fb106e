import { AppError, isDuplicateKey } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import { randomBytes } from 'node:crypto';
import { ssoCodeModel, ssoCodeRedemptionModel } from '../models/sso-code.model';
import type { SsoAdapter, SsoIdentity } from './sso-adapter';

export const STANDIN_CODE_TTL_MS = 60_000;
export const STANDIN_AUTHORIZE_PATH = '/api/sso/standin/authorize';

export const invalidSsoCode = () => new AppError(400, 'invalid_sso_code', 'This sign-in link has expired or was already used. Please sign in again.');

/**
 * The local stand-in for the Viaduct provider: its sign-in page (identity/routes/sso) issues codes into Mongo, and exchange
 * redeems them here. Codes are single-use and live 60 seconds.
 */
export class StandinSsoAdapter implements SsoAdapter {
  readonly provider = 'standin' as const;

  constructor(
    private readonly db: Connection,
    private readonly now: () => Date = () => new Date(),
  ) {}

  authorizeUrl({ redirectUri, state }: { redirectUri: string; state?: string }): string {
    const query = new URLSearchParams({ response_type: 'code', client_id: 'kassa', redirect_uri: redirectUri, ...(state ? { state } : {}) });
    return `${STANDIN_AUTHORIZE_PATH}?${query.toString()}`;
  }

  /** Called by the stand-in's sign-in page when the user presses "Log in". */
  async issueCode(identity: { viaductUserId: string; name: string }, redirectUri: string): Promise<string> {
    const now = this.now();
    const SsoCode = ssoCodeModel(this.db);
    // No TTL indexes on FerretDB: expired codes are cleared whenever a new one is made. [ferretdb:no-ttl]
    await SsoCode.deleteMany({ expiresAt: { $lt: new Date(now.getTime() - STANDIN_CODE_TTL_MS) } });
    const code = randomBytes(24).toString('base64url');
    await SsoCode.create({ code, ...identity, redirectUri, expiresAt: new Date(now.getTime() + STANDIN_CODE_TTL_MS) });
    return code;
  }

  async exchange({ code, redirectUri }: { code: string; redirectUri?: string }): Promise<SsoIdentity> {
    const found = await ssoCodeModel(this.db).findOne({ code }).lean();
    const now = this.now();
    if (!found || found.expiresAt <= now || (redirectUri !== undefined && found.redirectUri !== redirectUri)) throw invalidSsoCode();
    try {
      await ssoCodeRedemptionModel(this.db).create({ code, at: now });
    } catch (err) {
      if (isDuplicateKey(err)) throw invalidSsoCode();
      throw err;
    }
    return { viaductUserId: found.viaductUserId, username: found.name, name: found.name };
  }
}
