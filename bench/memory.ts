/**
 * bench/memory: resident memory of every service and worker before and after 10,000 checkouts (account payments with
 * PIN through the gateway, 32 tills). Starts its own Kassa on a fresh database; writes bench/reports/memory.md.
 * Usage: npx tsx bench/memory.ts   (CHECKOUTS=10000)
 */
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROCESSES } from '../scripts/lib/processes';
import { api, login, startSystem } from './lib/system';

const checkouts = Number(process.env.CHECKOUTS ?? 10_000);

/** RSS in MB of each Kassa process of this run, found by its entry file. */
function rss(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const spec of PROCESSES) {
    const pids = execFileSync('pgrep', ['-f', spec.entry], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
    const kb = pids.map((pid) => Number(execFileSync('ps', ['-o', 'rss=', '-p', pid], { encoding: 'utf8' }).trim() || 0));
    out[spec.name] = Math.round(Math.max(0, ...kb) / 1024);
  }
  return out;
}

const system = await startSystem({ port: 28480, env: { KASSA_NO_FRONTENDS: '1' } });
try {
  const token = await login(system.url, 'till');
  const { categories } = await api<{ categories: { products: { id: string }[] }[] }>(system.url, '/api/products/', { token });
  const bar = await login(system.url, 'bar');
  const { accounts } = await api<{ accounts: { id: string; directDebit: boolean }[] }>(system.url, '/api/accounts/', { token: bar });
  const targets = accounts.filter((a) => a.directDebit).map((a) => a.id);
  const before = rss();
  let i = 0;
  const result = await autocannon({
    url: system.url,
    connections: 32,
    amount: checkouts,
    requests: [
      {
        method: 'POST',
        path: '/api/checkout/account/',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({ products: [{ id: categories[0]!.products[0]!.id, amount: 1 }], account_id: targets[i++ % targets.length], pin: '1234', nonce: randomUUID() }),
        }),
      },
    ],
  });
  const after = rss();
  const lines = [
    `# bench/memory — ${new Date().toISOString()}`,
    '',
    `${result.requests.total} checkouts (${result.non2xx} not 2xx) at 32 tills in ${Math.round(result.duration)} s (${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms).`,
    '',
    '| process | RSS before (MB) | RSS after (MB) |',
    '|---|---|---|',
    ...PROCESSES.map((p) => `| ${p.name} | ${before[p.name]} | ${after[p.name]} |`),
  ];
  console.log(lines.join('\n'));
  writeFileSync(join(import.meta.dirname, 'reports', 'memory.md'), `${lines.join('\n')}\n`);
} finally {
  await system.stop();
}
