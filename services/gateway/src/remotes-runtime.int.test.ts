import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from './app';
import { GatewayEnv } from './config';

/**
 * A remote redeployed to another origin while the gateway runs (README "Deploying one remote on its own"): the operator
 * changes REMOTES_FILE, the next /remotes.json hands out the new place, and the content security policy of the same
 * gateway allows that origin from then on and no longer the one it replaced. No restart in between.
 */
describe('remotes that move while the gateway runs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kassa-remotes-'));
  const file = join(dir, 'remotes.json');
  const warnings: string[] = [];
  let gateway: FastifyInstance;

  const csp = async (url: string) => String((await gateway.inject({ method: 'GET', url })).headers['content-security-policy']);
  const scriptSrc = (policy: string) => policy.split(';').find((d) => d.trim().startsWith('script-src'))?.trim() ?? '';
  const connectSrc = (policy: string) => policy.split(';').find((d) => d.trim().startsWith('connect-src'))?.trim() ?? '';
  const map = async () => {
    const res = await gateway.inject({ method: 'GET', url: '/remotes.json' });
    expect(res.statusCode).toBe(200);
    return { body: res.json() as Record<string, string>, policy: String(res.headers['content-security-policy']) };
  };

  beforeAll(async () => {
    writeFileSync(file, '{}');
    const env = GatewayEnv.parse({
      LOG_LEVEL: 'warn',
      CATALOG_URL: 'http://127.0.0.1:1',
      ACCOUNTS_URL: 'http://127.0.0.1:1',
      CHECKOUT_URL: 'http://127.0.0.1:1',
      PAYMENTS_URL: 'http://127.0.0.1:1',
      REMOTE_MFE_POS_URL: 'https://pos.example.org/mf-manifest.json',
      REMOTES_FILE: file,
      SHELL_DIST: '',
    });
    gateway = await buildGateway(env, { logStream: { write: (line) => void warnings.push(line) } });
  });
  afterAll(async () => {
    await gateway.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('hands out the start-up place first, with its origin and no other in the policy', async () => {
    const { body, policy } = await map();
    expect(body.mfe_pos).toBe('https://pos.example.org/mf-manifest.json');
    expect(body.mfe_slides).toBe('/remotes/mfe-slides/mf-manifest.json');
    expect(scriptSrc(policy)).toBe("script-src 'self' https://pos.example.org");
    expect(connectSrc(policy)).toBe("connect-src 'self' https://pos.example.org");
  });

  it('follows a redeploy to another origin at once: the map and every response\'s policy name the new origin, not the old', async () => {
    writeFileSync(file, JSON.stringify({ mfe_pos: 'https://pos2.example.net/kassa/mf-manifest.json', mfe_slides: 'http://tv.example.org:8443/mf-manifest.json' }));
    const { body, policy } = await map();
    expect(body.mfe_pos).toBe('https://pos2.example.net/kassa/mf-manifest.json');
    expect(body.mfe_slides).toBe('http://tv.example.org:8443/mf-manifest.json');
    expect(body.mfe_admin).toBe('/remotes/mfe-admin/mf-manifest.json');
    expect(scriptSrc(policy)).toBe("script-src 'self' https://pos2.example.net http://tv.example.org:8443");
    // Not only /remotes.json: an API answer, read after it, carries the same policy.
    const api = await csp('/api/health');
    expect(scriptSrc(api)).toBe("script-src 'self' https://pos2.example.net http://tv.example.org:8443");
    expect(connectSrc(api)).toBe("connect-src 'self' https://pos2.example.net http://tv.example.org:8443");
    expect(api).not.toContain('https://pos.example.org');
  });

  it('keeps the last good map when the file is broken or names something that is no remote, and says so', async () => {
    writeFileSync(file, '{"mfe_pos": ');
    expect((await map()).body.mfe_pos).toBe('https://pos2.example.net/kassa/mf-manifest.json');
    writeFileSync(file, JSON.stringify({ mfe_pos: "https://evil.example.org 'unsafe-inline'/mf-manifest.json" }));
    const { body, policy } = await map();
    expect(body.mfe_pos).toBe('https://pos2.example.net/kassa/mf-manifest.json');
    expect(policy).not.toContain('unsafe-inline\'/');
    expect(scriptSrc(policy)).toBe("script-src 'self' https://pos2.example.net http://tv.example.org:8443");
    expect(warnings.filter((l) => l.includes('REMOTES_FILE')).length).toBe(2);
  });

  it('goes back to the start-up place when the override is taken out', async () => {
    writeFileSync(file, JSON.stringify({}));
    const { body, policy } = await map();
    expect(body.mfe_pos).toBe('https://pos.example.org/mf-manifest.json');
    expect(body.mfe_slides).toBe('/remotes/mfe-slides/mf-manifest.json');
    expect(scriptSrc(policy)).toBe("script-src 'self' https://pos.example.org");
  });
});
