import type { JournalEntry } from '@kassa/contracts';
import { describe, expect, it } from 'vitest';
import { ExactOnlineProvider } from './exact-online-provider';
import { ExactAuthError } from './exact-provider';

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** Exact Online as far as the adapter talks to it: the answers are given per path, every request is kept. */
function fakeExact(answer: (seen: Seen) => Response) {
  const seen: Seen[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const s = { method: init?.method ?? 'GET', url: String(input), headers: (init?.headers ?? {}) as Record<string, string>, body: init?.body as string | undefined };
    seen.push(s);
    return answer(s);
  }) as typeof globalThis.fetch;
  const provider = new ExactOnlineProvider({ baseUrl: 'https://start.exactonline.nl', clientId: 'client-1', clientSecret: 'shh', journalCode: '90', fetch });
  return { provider, seen };
}
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const entry: JournalEntry = {
  day: '2026-11-24',
  reference: 'Kassa 2026-11-24',
  total: 1210,
  lines: [
    { ledgerId: 'cash', ledgerName: 'Cash box', code: '1000', description: 'Sales paid by cash (3)', amount: 1210, vatRate: null },
    { ledgerId: 'sales', ledgerName: 'Sales', code: '8000', description: 'Revenue Bier, 21% VAT', amount: -1000, vatRate: 21 },
    { ledgerId: 'vat', ledgerName: 'VAT payable', code: '1500', description: 'VAT 21% on sales', amount: -210, vatRate: 21 },
  ],
};

describe('the Exact Online adapter (no network: a fake of its API)', () => {
  it('sends the treasurer to the consent page with the client id, return address and state', () => {
    const { provider } = fakeExact(() => json(500, {}));
    const url = new URL(provider.authorizeUrl('st4te', 'https://bar.example.org/admin/exact/oauth/success'));
    expect(url.origin + url.pathname).toBe('https://start.exactonline.nl/api/oauth2/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({ client_id: 'client-1', redirect_uri: 'https://bar.example.org/admin/exact/oauth/success', response_type: 'code', state: 'st4te' });
  });

  it('exchanges the code and refreshes with the form grants; a refused refresh is an ExactAuthError', async () => {
    let refuse = false;
    const { provider, seen } = fakeExact(() => (refuse ? json(400, { error: 'invalid_grant' }) : json(200, { access_token: 'A1', refresh_token: 'R1', expires_in: '600' })));
    const tokens = await provider.exchangeCode('c0de', 'https://bar.example.org/admin/exact/oauth/success');
    expect(tokens).toMatchObject({ accessToken: 'A1', refreshToken: 'R1' });
    expect(tokens.expiresAt.getTime()).toBeGreaterThan(Date.now() + 590_000);
    expect(Object.fromEntries(new URLSearchParams(seen[0]!.body))).toMatchObject({ grant_type: 'authorization_code', code: 'c0de', client_id: 'client-1', client_secret: 'shh' });
    refuse = true;
    await expect(provider.refresh('R1')).rejects.toBeInstanceOf(ExactAuthError);
    expect(Object.fromEntries(new URLSearchParams(seen[1]!.body))).toMatchObject({ grant_type: 'refresh_token', refresh_token: 'R1' });
  });

  it('books an entry on the general-ledger accounts found by code, amounts in euros, each line naming the day', async () => {
    const ids: Record<string, string> = { '1000': 'g-cash', '8000': 'g-sales', '1500': 'g-vat' };
    const { provider, seen } = fakeExact((s) => {
      if (s.url.includes('/financial/GLAccounts')) {
        const code = /Code eq '(\d+)'/.exec(decodeURIComponent(s.url))![1]!;
        return json(200, { d: { results: [{ ID: ids[code] }] } });
      }
      if (s.method === 'POST') return json(201, { d: { EntryID: 'entry-guid' } });
      return json(500, {});
    });
    expect(await provider.bookEntry('A1', '1234567', entry)).toBe('entry-guid');
    const post = seen.find((s) => s.method === 'POST')!;
    expect(post.url).toBe('https://start.exactonline.nl/api/v1/1234567/generaljournalentry/GeneralJournalEntries');
    expect(post.headers.authorization).toBe('Bearer A1');
    const body = JSON.parse(post.body!);
    expect(body.JournalCode).toBe('90');
    expect(body.GeneralJournalEntryLines).toEqual([
      { GLAccount: 'g-cash', AmountFC: 12.1, Date: '2026-11-24T00:00:00', Description: 'Kassa 2026-11-24: Sales paid by cash (3)' },
      { GLAccount: 'g-sales', AmountFC: -10, Date: '2026-11-24T00:00:00', Description: 'Kassa 2026-11-24: Revenue Bier, 21% VAT' },
      { GLAccount: 'g-vat', AmountFC: -2.1, Date: '2026-11-24T00:00:00', Description: 'Kassa 2026-11-24: VAT 21% on sales' },
    ]);
  });

  it('finds a booked day by its reference, and takes a 401 as a refused access token', async () => {
    let status = 200;
    const { provider, seen } = fakeExact(() => (status === 401 ? json(401, {}) : json(200, { d: { results: [{ EntryID: 'earlier' }] } })));
    expect(await provider.findEntry('A1', '1234567', 'Kassa 2026-11-24')).toBe('earlier');
    expect(decodeURIComponent(seen[0]!.url)).toContain("startswith(Description,'Kassa 2026-11-24:') eq true");
    status = 401;
    await expect(provider.findEntry('A1', '1234567', 'Kassa 2026-11-24')).rejects.toBeInstanceOf(ExactAuthError);
  });
});
