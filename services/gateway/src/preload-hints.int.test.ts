import type { FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from './app';
import { GatewayEnv } from './config';

/** The shell's page carries preloads of the remotes map and of the route's remote's manifest. */
describe('gateway: preload hints on the shell page', () => {
  let root: string;
  let gateway: FastifyInstance;

  const build = (over: Record<string, string> = {}) =>
    buildGateway(
      GatewayEnv.parse({
        LOG_LEVEL: 'silent',
        CATALOG_URL: 'http://127.0.0.1:1',
        ACCOUNTS_URL: 'http://127.0.0.1:1',
        CHECKOUT_URL: 'http://127.0.0.1:1',
        PAYMENTS_URL: 'http://127.0.0.1:1',
        SHELL_DIST: join(root, 'shell', 'dist'),
        REMOTES_ROOT: root,
        ...over,
      }),
    );

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'kassa-gateway-'));
    mkdirSync(join(root, 'shell', 'dist'), { recursive: true });
    writeFileSync(join(root, 'shell', 'dist', 'index.html'), '<!doctype html><title>Kassa</title>');
    writeFileSync(join(root, 'shell', 'dist', 'sw.js'), 'self.x = 1;');
    writeFileSync(join(root, 'shell', 'dist', 'main.0123456789.js'), 'x');
    gateway = await build();
  });
  afterAll(async () => {
    await gateway.close();
    rmSync(root, { recursive: true, force: true });
  });

  const page = async (g: FastifyInstance, url: string) => {
    const res = await g.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    return res.headers.link;
  };

  it("preloads the remotes map and the manifest of the route's remote, / being the till", async () => {
    const pos = '</remotes.json>; rel=preload; as=fetch; crossorigin, </remotes/mfe-pos/mf-manifest.json>; rel=preload; as=fetch; crossorigin';
    expect(await page(gateway, '/pos')).toBe(pos);
    expect(await page(gateway, '/')).toBe(pos);
    expect(await page(gateway, '/admin/users?page=2')).toBe(
      '</remotes.json>; rel=preload; as=fetch; crossorigin, </remotes/mfe-admin/mf-manifest.json>; rel=preload; as=fetch; crossorigin',
    );
  });

  it('serves the service worker uncached (a new build is seen at once) and hashed scripts for a year', async () => {
    const sw = await gateway.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const main = await gateway.inject({ method: 'GET', url: '/main.0123456789.js' });
    expect(main.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('preloads nothing for the shell’s own pages', async () => {
    for (const url of ['/about', '/login?next=%2Fpos', '/setup/tfa']) expect(await page(gateway, url)).toBeUndefined();
  });

  it("also preloads the scripts of a remote it serves itself: remoteEntry.js and the App's sync chunks from its manifest", async () => {
    const dist = join(root, 'mfe-account', 'dist');
    mkdirSync(dist, { recursive: true });
    const manifest = (chunks: string[]) =>
      JSON.stringify({
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
        shared: [{ name: 'react', assets: { js: { sync: ['shared-react.js'] } } }],
        exposes: [{ name: 'App', assets: { js: { sync: chunks, async: ['later.js'] } } }],
      });
    writeFileSync(join(dist, 'mf-manifest.json'), manifest(['1.aaaa.js', '__federation_expose_App.bbbb.js']));
    const local = await build();
    try {
      const script = (file: string) => `</remotes/mfe-account/${file}>; rel=preload; as=script`;
      const fetched = '</remotes.json>; rel=preload; as=fetch; crossorigin, </remotes/mfe-account/mf-manifest.json>; rel=preload; as=fetch; crossorigin';
      expect(await page(local, '/account')).toBe([fetched, script('remoteEntry.js'), script('1.aaaa.js'), script('__federation_expose_App.bbbb.js')].join(', '));
      // A new build is seen on the next page, without a restart (the shared modules come from the shell: not preloaded).
      writeFileSync(join(dist, 'mf-manifest.json'), manifest(['2.cccc.js', '__federation_expose_App.dddd.js', 'extra.eeee.js']));
      expect(await page(local, '/account')).toBe(
        [fetched, script('remoteEntry.js'), script('2.cccc.js'), script('__federation_expose_App.dddd.js'), script('extra.eeee.js')].join(', '),
      );
      // An entry in a folder of its own (the manifest's metaData.remoteEntry.path) is preloaded from there.
      writeFileSync(join(dist, 'mf-manifest.json'), JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: 'entry' } }, exposes: [] }));
      expect(await page(local, '/account')).toBe([fetched, script('entry/remoteEntry.js')].join(', '));
      // A manifest that cannot be read preloads no scripts, and the page is still served.
      writeFileSync(join(dist, 'mf-manifest.json'), '{ not json');
      expect(await page(local, '/account')).toBe(fetched);
    } finally {
      await local.close();
      rmSync(join(root, 'mfe-account'), { recursive: true, force: true });
    }
  });

  it('preloads the manifest of a remote served elsewhere from there', async () => {
    const elsewhere = await build({ REMOTE_MFE_POS_URL: 'https://pos.example.org/mf-manifest.json' });
    try {
      expect(await page(elsewhere, '/pos')).toContain('<https://pos.example.org/mf-manifest.json>; rel=preload; as=fetch; crossorigin');
    } finally {
      await elsewhere.close();
    }
  });
});
