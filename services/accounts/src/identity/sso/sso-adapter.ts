/** Who the single-sign-on provider says signed in. */
export interface SsoIdentity {
  viaductUserId: string;
  /** Preferred user name; made unique before use. */
  username: string;
  name: string;
}

/** The single-sign-on provider ("Viaduct") behind Kassa's login; the stand-in and the real OAuth2 one implement it. */
export interface SsoAdapter {
  readonly provider: 'standin' | 'viaduct';
  /** Where the browser goes to sign in (absolute, or a path on the public origin for the stand-in). */
  authorizeUrl(params: { redirectUri: string; state?: string }): string;
  /**
   * Turns a one-time code into the identity; a bad, used or expired code raises invalid_sso_code. `redirectUri` is
   * the one the sign-in started with, when the client sends it (SPEC's client sends only the code).
   */
  exchange(params: { code: string; redirectUri?: string }): Promise<SsoIdentity>;
}
