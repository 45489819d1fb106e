/**
 * `npm run dev` as a volunteer uses it: the whole system starts on its own ports and database, the gateway hands the
 * browser the remotes' dev servers, and an edit of a till button's text is served by mfe-pos's dev server without a
 * restart. (Whether React then swaps the component in a browser is not checked here: that needs Chromium.)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropPgDatabase, freePort, ROOT } from './lib/local-mongo';
import { devServerPort, FRONTENDS } from './lib/processes';

// Below the kernel's ephemeral range (32768-60999 here): a port there can be taken by any outgoing connection or
// listen(0) of the tests running beside this one, which made `npm run dev` fail with EADDRINUSE.
const PORT = Number(process.env.KASSA_DEV_TEST_PORT ?? 24080);
const PG_DATABASE = 'kassa_dev_loop_test';
const EDITED = join(ROOT, 'mfe-pos', 'src', 'till', 'cart-panel.tsx');
/** The till's Top-up button: `<Button ...>` then this text on a line of its own. */
const BUTTON_TEXT = '\n              Top-up\n';

let dev: ChildProcess;
let output = '';

/** Polls `probe` every half second until it gives a value, or fails after `ms` with the dev run's last output. */
async function eventually<T>(what: string, ms: number, probe: () => Promise<T | undefined>): Promise<T> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (dev.exitCode !== null || dev.signalCode !== null) throw new Error(`npm run dev exited (${dev.exitCode}) while waiting for ${what}:\n${output.slice(-4000)}`);
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`timed out waiting for ${what}:\n${output.slice(-4000)}`);
}

async function text(url: string): Promise<string | undefined> {
  const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
  return res.ok ? res.text() : undefined;
}

interface Manifest {
  name: string;
  exposes: { assets: { js: { sync: string[]; async: string[] } } }[];
}

/** Every JavaScript file the remote's exposed ./App may load, as its dev server serves it now. */
async function exposedCode(base: string): Promise<string> {
  const manifest = JSON.parse((await text(`${base}/mf-manifest.json`)) ?? '{}') as Manifest;
  const files = manifest.exposes.flatMap((e) => [...e.assets.js.sync, ...e.assets.js.async]);
  const bodies = await Promise.all(files.map((f) => text(`${base}/${f}`)));
  return bodies.join('\n');
}

async function stop(): Promise<void> {
  if (!dev?.pid) return;
  if (dev.exitCode === null && dev.signalCode === null) {
    const exited = new Promise<void>((r) => dev.once('exit', () => r()));
    process.kill(-dev.pid, 'SIGINT'); // Ctrl-C: to the whole process group, as a terminal sends it
    await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000))]);
  }
  try {
    // Whatever of the group outlived `npm run dev` (nothing, when it stops as it should) must not keep the ports.
    process.kill(-dev.pid, 'SIGKILL');
  } catch {
    /* the group is gone */
  }
}

describe('npm run dev', () => {
  beforeAll(async () => {
    dev = spawn('npm', ['run', 'dev'], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: String(PORT),
        KASSA_PG_DATABASE: PG_DATABASE,
        KASSA_MONGO_PORT: String(await freePort()),
        QUEUE_PREFIX: 'kassa_dev_loop_test',
        LOG_LEVEL: 'warn',
      },
    });
    const collect = (d: Buffer) => {
      output = (output + d.toString()).slice(-20_000);
    };
    dev.stdout?.on('data', collect);
    dev.stderr?.on('data', collect);
  });

  afterAll(async () => {
    await stop();
    await dropPgDatabase('postgres://postgres@127.0.0.1:5432', PG_DATABASE);
  });

  it('serves the shell and the remotes from their dev servers, and a till edit without a restart', async () => {
    await eventually('the gateway', 240_000, async () => ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok ? true : undefined));

    // The remotes map names the dev servers, and each answers its manifest.
    const map = JSON.parse((await text(`http://127.0.0.1:${PORT}/remotes.json`)) ?? '{}') as Record<string, string>;
    for (const app of FRONTENDS.slice(1)) {
      const url = `http://127.0.0.1:${devServerPort(PORT, app)}/mf-manifest.json`;
      expect(map[app.replace('-', '_')]).toBe(url);
      const manifest = await eventually(`${app}'s manifest`, 240_000, async () => {
        const body = await text(url);
        return body ? (JSON.parse(body) as Manifest) : undefined;
      });
      expect(manifest.name).toBe(app.replace('-', '_'));
      // As the shell's page at localhost asks for it: a <script> from another site, which dev servers refuse by default.
      // (node:http, as fetch drops Sec-Fetch-* headers.)
      const status = await new Promise<number | undefined>((resolve, reject) => {
        const headers = { 'sec-fetch-mode': 'no-cors', 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'script', referer: `http://localhost:${PORT}/pos` };
        get(url.replace('mf-manifest.json', 'remoteEntry.js'), { headers }, (res) => {
          res.resume();
          resolve(res.statusCode);
        }).on('error', reject);
      });
      expect(status).toBe(200);
    }

    // The page comes through the gateway from the shell's dev server: a development build with its hot-update client.
    const page = await eventually('the shell page', 120_000, () => text(`http://127.0.0.1:${PORT}/pos`));
    expect(page).toContain('main.js');
    const shellMain = await text(`http://127.0.0.1:${PORT}/main.js`);
    expect(shellMain).toContain(`port=${devServerPort(PORT, 'shell')}`);

    const pos = `http://127.0.0.1:${devServerPort(PORT, 'mfe-pos')}`;
    const buttons = (code: string) => code.split('"Top-up"').length - 1; // the cart's button and the top-up modal's title
    const before = buttons(await exposedCode(pos));
    expect(before).toBeGreaterThan(0);
    expect(readFileSync(EDITED, 'utf8')).toContain(BUTTON_TEXT);

    const original = readFileSync(EDITED, 'utf8');
    const { atime, mtime } = statSync(EDITED);
    const marker = `Top-up ${Date.now().toString(36)}`;
    try {
      writeFileSync(EDITED, original.replace(BUTTON_TEXT, `\n              ${marker}\n`));
      const after = await eventually('the edited button in the served chunk', 120_000, async () => {
        const code = await exposedCode(pos);
        return code.includes(`"${marker}"`) ? code : undefined;
      });
      expect(buttons(after)).toBe(before - 1);
    } finally {
      writeFileSync(EDITED, original);
      utimesSync(EDITED, atime, mtime); // the file is as it was, so `npm start` need not rebuild mfe-pos for it
    }
    // Served again as it was, by the same dev server, which never stopped.
    await eventually('the restored button', 120_000, async () => {
      const code = await exposedCode(pos);
      return !code.includes(`"${marker}"`) && buttons(code) === before ? true : undefined;
    });
    expect(dev.exitCode).toBeNull();
    expect(output).not.toMatch(/\[mfe-pos\]\s+stopped|mfe-pos stopped/);
  });
});
