import type { JournalEntry } from '@kassa/contracts';
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { ExactAuthError, type ExactDivision, type ExactProvider, type ExactTokens } from './exact-provider';

const ACCESS_TTL_S = 600;
const KEEP_S = 30 * 24 * 3600;

/** How the stand-in misbehaves next (tests, training): refuse refreshes; expire access tokens after n bookings. */
export const StandinControl = z.object({
  failRefresh: z.boolean().default(false),
  expireAccessAfterBookings: z.number().int().min(0).nullable().default(null),
});
export type StandinControl = z.infer<typeof StandinControl>;

const token = (kind: string) => `standin_${kind}_${randomBytes(18).toString('base64url')}`;

/**
 * The local stand-in for Exact Online (EXACT_PROVIDER=standin): a consent page under /api/payments/exact-standin,
 * short-lived access tokens and rotating refresh tokens, and a book of journal entries, all in Redis so the API and
 * the worker see one provider. Entries are kept per reference: booking the same reference twice is refused, as a
 * second entry for a day would be a double booking.
 */
export class StandinExactProvider implements ExactProvider {
  readonly name = 'standin';
  private readonly prefix: string;

  constructor(
    private readonly redis: Redis,
    queuePrefix: string,
  ) {
    this.prefix = `${queuePrefix}:exact:standin:`;
  }

  static readonly authorizePath = '/api/payments/exact-standin/authorize';

  authorizeUrl(state: string, redirectUri: string): string {
    return `${StandinExactProvider.authorizePath}?${new URLSearchParams({ state, redirect_uri: redirectUri })}`;
  }

  /** The consent page's "Allow": a one-time code for this redirect address. */
  async grant(redirectUri: string): Promise<string> {
    const code = token('code');
    await this.redis.set(`${this.prefix}code:${code}`, redirectUri, 'EX', 600);
    return code;
  }

  private async issue(): Promise<ExactTokens> {
    const tokens = { accessToken: token('access'), refreshToken: token('refresh'), expiresAt: new Date(Date.now() + ACCESS_TTL_S * 1000) };
    await this.redis.set(`${this.prefix}access:${tokens.accessToken}`, '1', 'EX', ACCESS_TTL_S);
    await this.redis.set(`${this.prefix}refresh:${tokens.refreshToken}`, '1', 'EX', KEEP_S);
    return tokens;
  }

  async exchangeCode(code: string, redirectUri: string): Promise<ExactTokens> {
    const key = `${this.prefix}code:${code}`;
    const expected = await this.redis.getdel(key);
    if (expected === null || expected !== redirectUri) throw new ExactAuthError('The authorization code is unknown, used or for another address.');
    // A new grant starts clean: whatever a test or training told the stand-in before is forgotten.
    await this.redis.del(`${this.prefix}control`, `${this.prefix}bookings`);
    return this.issue();
  }

  async refresh(refreshToken: string): Promise<ExactTokens> {
    const control = await this.control();
    const known = await this.redis.getdel(`${this.prefix}refresh:${refreshToken}`);
    if (control.failRefresh || known === null) throw new ExactAuthError('The refresh token was refused (invalid_grant).');
    return this.issue();
  }

  private async checkAccess(accessToken: string): Promise<void> {
    if ((await this.redis.exists(`${this.prefix}access:${accessToken}`)) === 0) throw new ExactAuthError('The access token was refused (401).');
  }

  async currentDivision(accessToken: string): Promise<ExactDivision> {
    await this.checkAccess(accessToken);
    return { division: '1234567', name: 'Stand-in administration' };
  }

  async findEntry(accessToken: string, division: string, reference: string): Promise<string | null> {
    await this.checkAccess(accessToken);
    const raw = await this.redis.hget(`${this.prefix}entries:${division}`, reference);
    return raw ? (JSON.parse(raw) as { id: string }).id : null;
  }

  async bookEntry(accessToken: string, division: string, entry: JournalEntry): Promise<string> {
    await this.checkAccess(accessToken);
    const control = await this.control();
    const id = `standin-entry-${entry.day}-${randomBytes(4).toString('hex')}`;
    const added = await this.redis.hsetnx(`${this.prefix}entries:${division}`, entry.reference, JSON.stringify({ id, entry }));
    if (added === 0) throw new Error(`The stand-in already holds an entry ${entry.reference}.`);
    const bookings = await this.redis.incr(`${this.prefix}bookings`);
    if (control.expireAccessAfterBookings !== null && bookings >= control.expireAccessAfterBookings) {
      for (const key of await this.redis.keys(`${this.prefix}access:*`)) await this.redis.del(key);
    }
    return id;
  }

  async control(): Promise<StandinControl> {
    const raw = await this.redis.get(`${this.prefix}control`);
    return StandinControl.parse(raw ? JSON.parse(raw) : {});
  }

  async setControl(control: Partial<StandinControl>): Promise<void> {
    await this.redis.set(`${this.prefix}control`, JSON.stringify(StandinControl.parse(control)), 'EX', KEEP_S);
  }

  /** Every entry the stand-in holds for a division (tests, and the consent page's count). */
  async entries(division: string): Promise<JournalEntry[]> {
    const all = await this.redis.hvals(`${this.prefix}entries:${division}`);
    return all.map((raw) => (JSON.parse(raw) as { entry: JournalEntry }).entry);
  }
}
