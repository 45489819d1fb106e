import type { ExactConnection } from '@kassa/contracts';
import { AppError } from '@kassa/service-kit';
import { randomBytes } from 'node:crypto';
import type { Connection } from 'mongoose';
import { CONNECTION_ID, exactConnectionModel, type ExactConnectionDoc } from '../models/exact-connection.model';
import { ExactAuthError, type ExactDivision, type ExactProvider, type ExactTokens } from './exact-provider';
import type { TokenBox } from './token-box';

const STATE_TTL_MS = 15 * 60_000;
/** An access token this close to its end is refreshed before use. */
const REFRESH_MARGIN_MS = 60_000;

export const notConnected = () => new AppError(409, 'conflict', 'Connect Exact Online first.');

/** The connection as the pages see it: status and administration, never a token. */
export function connectionView(doc: ExactConnectionDoc | null, provider: string): ExactConnection {
  if (!doc || doc.status === 'disconnected') {
    return { status: 'disconnected', provider, division: null, divisionName: null, connectedAt: null, connectedBy: null, attention: null };
  }
  return {
    status: doc.status as ExactConnection['status'],
    provider: doc.provider,
    division: doc.division ?? null,
    divisionName: doc.divisionName ?? null,
    connectedAt: doc.connectedAt ? doc.connectedAt.toISOString() : null,
    connectedBy: doc.connectedBy ?? null,
    attention: doc.attention ?? null,
  };
}

/** Access to the provider for one export: a valid access token, refreshed (and the refresh token rotated) as needed. */
export interface ExactSession {
  division: string;
  /** Runs `call` with a valid access token; on a refused token refreshes once and tries again. */
  use<T>(call: (accessToken: string) => Promise<T>): Promise<T>;
}

/** The connection's store and OAuth steps (docs/decisions.md "Accounting export"). */
export class ExactConnections {
  constructor(
    private readonly db: Connection,
    private readonly provider: ExactProvider,
    private readonly box: TokenBox,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private get Model() {
    return exactConnectionModel(this.db);
  }

  async load(): Promise<ExactConnectionDoc | null> {
    return (await this.Model.findById(CONNECTION_ID).lean()) as ExactConnectionDoc | null;
  }

  async view(): Promise<ExactConnection> {
    return connectionView(await this.load(), this.provider.name);
  }

  /** A fresh `state` for the consent page; the callback must bring it back within 15 minutes. */
  async start(redirectUri: string): Promise<string> {
    const state = randomBytes(24).toString('base64url');
    await this.Model.updateOne(
      { _id: CONNECTION_ID },
      { $set: { pendingState: state, pendingStateUntil: new Date(this.now().getTime() + STATE_TTL_MS) }, $setOnInsert: { status: 'disconnected', provider: this.provider.name } },
      { upsert: true },
    );
    return this.provider.authorizeUrl(state, redirectUri);
  }

  /** The consent page came back with a code: exchange it and keep the tokens sealed. */
  async complete(code: string, state: string, redirectUri: string, username: string): Promise<ExactConnection> {
    const doc = await this.load();
    if (!doc?.pendingState || doc.pendingState !== state || !doc.pendingStateUntil || doc.pendingStateUntil < this.now()) {
      throw new AppError(409, 'conflict', 'This sign-in at Exact Online is unknown or too old. Start connecting again.');
    }
    // One use of a state: a replayed callback finds nothing to complete.
    const claimed = await this.Model.updateOne({ _id: CONNECTION_ID, pendingState: state }, { $set: { pendingState: null, pendingStateUntil: null } });
    if (claimed.modifiedCount !== 1) throw new AppError(409, 'conflict', 'This sign-in at Exact Online was used already.');
    let tokens: ExactTokens;
    let division: ExactDivision;
    try {
      tokens = await this.provider.exchangeCode(code, redirectUri);
      division = await this.provider.currentDivision(tokens.accessToken);
    } catch (err) {
      if (err instanceof ExactAuthError) throw new AppError(409, 'conflict', `Exact Online did not grant access: ${err.message}`);
      throw new AppError(503, 'service_unavailable', 'Exact Online cannot be reached. Try connecting again in a moment.');
    }
    await this.Model.updateOne(
      { _id: CONNECTION_ID },
      {
        $set: {
          status: 'connected',
          provider: this.provider.name,
          division: division.division,
          divisionName: division.name,
          ...this.sealed(tokens),
          connectedAt: this.now(),
          connectedBy: username,
          attention: null,
        },
      },
    );
    return this.view();
  }

  async disconnect(): Promise<ExactConnection> {
    await this.Model.updateOne(
      { _id: CONNECTION_ID },
      { $set: { status: 'disconnected', division: null, divisionName: null, accessTokenSealed: null, refreshTokenSealed: null, expiresAt: null, connectedAt: null, connectedBy: null, attention: null } },
    );
    return this.view();
  }

  private sealed(tokens: ExactTokens) {
    return { accessTokenSealed: this.box.seal(tokens.accessToken), refreshTokenSealed: this.box.seal(tokens.refreshToken), expiresAt: tokens.expiresAt };
  }

  /** Marks the connection as needing a new sign-in, with a reason that holds no secret. */
  async needsAttention(reason: string): Promise<void> {
    await this.Model.updateOne({ _id: CONNECTION_ID, status: 'connected' }, { $set: { status: 'needs_attention', attention: reason } });
  }

  /** A session for an export; throws 409 when not connected (or needing attention). */
  async session(): Promise<ExactSession> {
    const doc = await this.load();
    if (!doc || doc.status !== 'connected' || !doc.accessTokenSealed || !doc.refreshTokenSealed || !doc.division) {
      throw doc?.status === 'needs_attention' ? new AppError(409, 'conflict', 'The connection with Exact Online needs attention: connect again.') : notConnected();
    }
    let access = this.box.open(doc.accessTokenSealed);
    let refreshToken = this.box.open(doc.refreshTokenSealed);
    let expiresAt = doc.expiresAt ?? new Date(0);
    const refresh = async () => {
      let tokens: ExactTokens;
      try {
        tokens = await this.provider.refresh(refreshToken);
      } catch (err) {
        if (err instanceof ExactAuthError) await this.needsAttention(`Refreshing the access failed: ${err.message} Connect again.`);
        throw err;
      }
      // The refresh token rotates: keep the new one before anything else can fail.
      await this.Model.updateOne({ _id: CONNECTION_ID }, { $set: this.sealed(tokens) });
      access = tokens.accessToken;
      refreshToken = tokens.refreshToken;
      expiresAt = tokens.expiresAt;
    };
    return {
      division: doc.division,
      use: async <T>(call: (accessToken: string) => Promise<T>): Promise<T> => {
        if (expiresAt.getTime() - this.now().getTime() < REFRESH_MARGIN_MS) await refresh();
        try {
          return await call(access);
        } catch (err) {
          if (!(err instanceof ExactAuthError)) throw err;
          await refresh();
          return call(access);
        }
      },
    };
  }
}
