/**
 * bench/memory: resident memory of every service and worker before and after 10,000 checkouts (account payments with
 * PIN through the gateway, 32 tills), and after 10,000 more: memory that settles is a heap finding its size, memory
 * that keeps growing by the same step is a leak. Starts its own Kassa on a fresh database; writes
 * bench/reports/memory.md.
 * Usage: npx tsx bench/memory.ts   (CHECKOUTS=10000, per round)
 */
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROCESSES } from '../scripts/lib/processes';
import { api, descendantsOf, login, startSystem, type RunningSystem } from './lib/system';

const checkouts = Number(process.env.CHECKOUTS ?? 10_000);

/**
 * RSS in MB of each Kassa process of this run: only the processes this benchmark started (descendants of its own
 * scripts/start.ts), found among them by entry file. Another checkout's Kassa on the same machine runs the same entry
 * files; a search by name alone (pgrep -f) would have counted it. A process of ours that is missing fails the run.
 */
function rss(system: RunningSystem): Record<string, number> {
  const ours = descendantsOf(system.pid);
  const out: Record<string, number> = {};
  for (const spec of PROCESSES) {
    const mine = ours.filter((p) => p.args.includes(spec.entry));
    if (mine.length === 0) throw new Error(`no ${spec.name} process under this run's start.ts (pid ${system.pid})`);
    out[spec.name] = Math.round(Math.max(...mine.map((p) => p.rssKb)) / 1024);
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
  const before = rss(system);
  let i = 0;
  const round = () =>
    autocannon({
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
  const result = await round();
  const after = rss(system);
  const second = await round();
  const again = rss(system);
  const lines = [
    `# bench/memory — ${new Date().toISOString()}`,
    '',
    ...[result, second].map(
      (r, n) => `Round ${n + 1}: ${r.requests.total} checkouts (${r.non2xx} not 2xx) at 32 tills in ${Math.round(r.duration)} s (${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms).`,
    ),
    '',
    `| process | RSS before (MB) | after ${checkouts} (MB) | after ${2 * checkouts} (MB) |`,
    '|---|---|---|---|',
    ...PROCESSES.map((p) => `| ${p.name} | ${before[p.name]} | ${after[p.name]} | ${again[p.name]} |`),
  ];
  console.log(lines.join('\n'));
  writeFileSync(join(import.meta.dirname, 'reports', 'memory.md'), `${lines.join('\n')}\n`);
} finally {
  await system.stop();
}
