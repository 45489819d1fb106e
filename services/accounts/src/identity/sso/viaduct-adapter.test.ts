import { describe, expect, it } from 'vitest';
import { ViaductSsoAdapter, type ViaductConfig } from './viaduct-adapter';

const config: ViaductConfig = {
  authorizeUrl: 'https://viaduct.example/oauth/authorize',
  tokenUrl: 'https://viaduct.example/oauth/token',
  userinfoUrl: 'https://viaduct.example/api/me',
  clientId: 'kassa-client',
  clientSecret: 's3cret',
  scope: 'openid profile',
  defaultRedirectUri: 'https://kassa.example/login/callback',
};

type Call = { url: string; init: RequestInit };

function fakeFetch(answers: Record<string, () => Response>, calls: Call[]): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, init: init ?? {} });
    const answer = answers[url];
    if (!answer) throw new Error(`connect ECONNREFUSED ${url}`);
    return answer();
  }) as typeof fetch;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('ViaductSsoAdapter', () => {
  it('sends the browser to the provider with client id, redirect and state', () => {
    const url = new URL(new ViaductSsoAdapter(config).authorizeUrl({ redirectUri: 'https://kassa.example/login/callback', state: 'abc' }));
    expect(url.origin + url.pathname).toBe(config.authorizeUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'kassa-client',
      redirect_uri: 'https://kassa.example/login/callback',
      scope: 'openid profile',
      state: 'abc',
    });
  });

  it('exchanges the code for a token and reads who signed in', async () => {
    const calls: Call[] = [];
    const adapter = new ViaductSsoAdapter(
      config,
      fakeFetch({ [config.tokenUrl]: () => json(200, { access_token: 'at-1', token_type: 'Bearer' }), [config.userinfoUrl]: () => json(200, { id: 42, username: 'jdevries', name: 'Jan de Vries' }) }, calls),
    );
    expect(await adapter.exchange({ code: 'the-code' })).toEqual({ viaductUserId: '42', username: 'jdevries', name: 'Jan de Vries' });
    const tokenBody = new URLSearchParams(String(calls[0]?.init.body));
    expect(Object.fromEntries(tokenBody)).toEqual({
      grant_type: 'authorization_code',
      code: 'the-code',
      redirect_uri: config.defaultRedirectUri,
      client_id: 'kassa-client',
      client_secret: 's3cret',
    });
    expect((calls[1]?.init.headers as Record<string, string>).authorization).toBe('Bearer at-1');
  });

  it('answers invalid_sso_code when the provider rejects the code', async () => {
    const adapter = new ViaductSsoAdapter(config, fakeFetch({ [config.tokenUrl]: () => json(400, { error: 'invalid_grant' }) }, []));
    await expect(adapter.exchange({ code: 'old' })).rejects.toMatchObject({ statusCode: 400, identifier: 'invalid_sso_code' });
  });

  it('answers a retryable 503 when the provider cannot be reached', async () => {
    const adapter = new ViaductSsoAdapter(config, fakeFetch({}, []));
    await expect(adapter.exchange({ code: 'x' })).rejects.toMatchObject({ statusCode: 503, identifier: 'service_unavailable' });
  });
});
