import type { JournalEntry } from '@kassa/contracts';
import { ExactAuthError, type ExactDivision, type ExactProvider, type ExactTokens } from './exact-provider';

export interface ExactOnlineOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The general journal entries are booked in (Exact's "memoriaal"). */
  journalCode: string;
  fetch?: typeof fetch;
}

const odataString = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * Exact Online's REST API (OAuth 2 at /api/oauth2, data at /api/v1/{division}). Written from Exact's published API
 * reference and not tried against a live administration: each line's description starts with the entry's reference,
 * which is how a booked day is found again; general-ledger accounts are looked up by their code.
 */
export class ExactOnlineProvider implements ExactProvider {
  readonly name = 'exact';
  private readonly fetch: typeof fetch;

  constructor(private readonly opts: ExactOnlineOptions) {
    this.fetch = opts.fetch ?? fetch;
  }

  authorizeUrl(state: string, redirectUri: string): string {
    const q = new URLSearchParams({ client_id: this.opts.clientId, redirect_uri: redirectUri, response_type: 'code', state });
    return `${this.opts.baseUrl}/api/oauth2/auth?${q}`;
  }

  private async token(form: Record<string, string>): Promise<ExactTokens> {
    const res = await this.fetch(`${this.opts.baseUrl}/api/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...form, client_id: this.opts.clientId, client_secret: this.opts.clientSecret }).toString(),
      signal: AbortSignal.timeout(15_000),
    });
    if (res.status === 400 || res.status === 401) throw new ExactAuthError(`Exact Online refused the grant (${res.status}).`);
    if (!res.ok) throw new Error(`Exact Online token endpoint answered ${res.status}`);
    const body = (await res.json()) as { access_token: string; refresh_token: string; expires_in: string | number };
    return { accessToken: body.access_token, refreshToken: body.refresh_token, expiresAt: new Date(Date.now() + Number(body.expires_in) * 1000) };
  }

  exchangeCode(code: string, redirectUri: string): Promise<ExactTokens> {
    return this.token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
  }

  refresh(refreshToken: string): Promise<ExactTokens> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  private async api<T>(accessToken: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
    const res = await this.fetch(`${this.opts.baseUrl}/api/v1/${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    if (res.status === 401) throw new ExactAuthError('Exact Online refused the access token (401).');
    if (!res.ok) throw new Error(`Exact Online answered ${res.status} on ${path.split('?')[0]}`);
    return ((await res.json()) as { d: T }).d;
  }

  async currentDivision(accessToken: string): Promise<ExactDivision> {
    const d = await this.api<{ results: { CurrentDivision: number; DivisionCustomerName?: string }[] }>(accessToken, 'current/Me?$select=CurrentDivision,DivisionCustomerName');
    const me = d.results[0];
    if (!me) throw new Error('Exact Online named no current division');
    return { division: String(me.CurrentDivision), name: me.DivisionCustomerName ?? `Division ${me.CurrentDivision}` };
  }

  async findEntry(accessToken: string, division: string, reference: string): Promise<string | null> {
    const filter = `startswith(Description,${odataString(`${reference}:`)}) eq true`;
    const d = await this.api<{ results: { EntryID: string }[] }>(accessToken, `${division}/generaljournalentry/GeneralJournalEntryLines?$filter=${encodeURIComponent(filter)}&$select=EntryID&$top=1`);
    return d.results[0]?.EntryID ?? null;
  }

  private async glAccount(accessToken: string, division: string, code: string): Promise<string> {
    const d = await this.api<{ results: { ID: string }[] }>(accessToken, `${division}/financial/GLAccounts?$filter=${encodeURIComponent(`Code eq ${odataString(code)}`)}&$select=ID`);
    const id = d.results[0]?.ID;
    if (!id) throw new Error(`Exact Online has no general-ledger account with code ${code}`);
    return id;
  }

  async bookEntry(accessToken: string, division: string, entry: JournalEntry): Promise<string> {
    const accounts = new Map<string, string>();
    for (const code of new Set(entry.lines.map((l) => l.code))) accounts.set(code, await this.glAccount(accessToken, division, code));
    const d = await this.api<{ EntryID: string }>(accessToken, `${division}/generaljournalentry/GeneralJournalEntries`, {
      method: 'POST',
      body: {
        JournalCode: this.opts.journalCode,
        GeneralJournalEntryLines: entry.lines.map((l) => ({
          GLAccount: accounts.get(l.code),
          AmountFC: l.amount / 100,
          Date: `${entry.day}T00:00:00`,
          Description: `${entry.reference}: ${l.description}`.slice(0, 60),
        })),
      },
    });
    return d.EntryID;
  }
}
