import type { JournalEntry } from '@kassa/contracts';

/** Tokens as the provider hands them out. Never logged, never answered; stored encrypted (token-box.ts). */
export interface ExactTokens {
  accessToken: string;
  refreshToken: string;
  /** When the access token stops working. */
  expiresAt: Date;
}

/** The administration (Exact "division") the tokens book into. */
export interface ExactDivision {
  division: string;
  name: string;
}

/**
 * The provider refused the tokens for good (a refresh token revoked or expired, access withdrawn): Kassa must be
 * connected again. Its message holds no secret.
 */
export class ExactAuthError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExactAuthError';
  }
}

/**
 * An accounting package reached by OAuth 2, shaped after Exact Online: the treasurer grants access on the provider's
 * page, which sends the browser back to /admin/exact/oauth/success with a code; the code becomes an access token
 * (minutes) and a refresh token (rotated on every refresh). A journal entry is booked once per reference: `findEntry`
 * answers one booked before (a retry after a crash between booking and recording it books nothing twice).
 */
export interface ExactProvider {
  readonly name: string;
  authorizeUrl(state: string, redirectUri: string): string;
  exchangeCode(code: string, redirectUri: string): Promise<ExactTokens>;
  /** Throws ExactAuthError when the refresh token is no longer accepted. */
  refresh(refreshToken: string): Promise<ExactTokens>;
  currentDivision(accessToken: string): Promise<ExactDivision>;
  findEntry(accessToken: string, division: string, reference: string): Promise<string | null>;
  /** Books the entry; answers the provider's entry id. Throws ExactAuthError on a refused access token. */
  bookEntry(accessToken: string, division: string, entry: JournalEntry): Promise<string>;
}
