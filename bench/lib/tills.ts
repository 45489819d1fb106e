/**
 * Tills ringing up mixed carts through the gateway, as bench/checkout sells at each level: 1-5 lines of several
 * products, 1-3 of each, paid on prepaid accounts with PIN, on credit (direct-debit) accounts with PIN, and in cash.
 */
import { randomUUID } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { api, login, type RunningSystem } from '@kassa/test-stack/system';

/** How the tills pay, in this proportion. */
export const MIX = { prepaid: 0.4, credit: 0.35, cash: 0.25 } as const;
export type Pay = keyof typeof MIX;

export interface Tills {
  label: string;
  system: RunningSystem;
  till: string;
  products: { id: string; price: number }[];
  prepaid: string[];
  credit: string[];
}

export interface Sample {
  /** When the sale was sent (Date.now()), to set its time beside what the store did meanwhile. */
  at: number;
  ms: number;
  status: number;
  pay: Pay;
  lines: number;
}

export interface Figures { rps: number; p50: number; p90: number; p99: number; max: number; non2xx: number; errors: number; requests: number }

export function summarise(samples: Sample[], errors: number, seconds: number): Figures {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const at = (q: number) => Math.round(ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0);
  return { rps: Math.round(ms.length / seconds), p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1), non2xx: samples.filter((s) => s.status !== 200).length, errors, requests: ms.length };
}

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;

function choosePay(t: Tills): Pay {
  const r = Math.random();
  if (r < MIX.prepaid && t.prepaid.length > 0) return 'prepaid';
  if (r < MIX.prepaid + MIX.credit && t.credit.length > 0) return 'credit';
  return 'cash';
}

/** A cart of 1-5 different products, 1-3 of each, and how it is paid. */
function cart(t: Tills): { path: string; body: object; pay: Pay; lines: number } {
  const lines = 1 + Math.floor(Math.random() * 5);
  const chosen = [...t.products].sort(() => Math.random() - 0.5).slice(0, lines);
  const products = chosen.map((p) => ({ id: p.id, amount: 1 + Math.floor(Math.random() * 3) }));
  const pay = choosePay(t);
  const nonce = randomUUID();
  if (pay === 'cash') return { path: '/api/checkout/cash/', body: { products, nonce }, pay, lines: products.length };
  const account = pick(pay === 'prepaid' ? t.prepaid : t.credit);
  return { path: '/api/checkout/account/', body: { products, account_id: account, pin: '1234', nonce }, pay, lines: products.length };
}

/** The first answers other than 200 of every run in this process (at most 20), for the report. */
export const refusals = new Set<string>();

/**
 * `count` tills, every one on its own keep-alive connection. rate: after each answer a till waits a random,
 * exponentially distributed time (mean 1 / rate s) before its next sale; null: the next sale goes the moment the
 * answer is in. Returns how many requests failed without an answer.
 */
export async function runTills(t: Tills, count: number, seconds: number, rate: number | null, samples: Sample[]): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: count });
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  const post = (path: string, payload: string) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(`${t.system.url}${path}`, {
        method: 'POST',
        agent,
        headers: { authorization: `Bearer ${t.till}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      req.end(payload);
    });
  const till = async () => {
    for (;;) {
      if (rate !== null) await sleep(-Math.log(1 - Math.random()) * (1000 / rate));
      if (Date.now() >= end) return;
      const c = cart(t);
      const at = Date.now();
      const started = performance.now();
      try {
        const res = await post(c.path, JSON.stringify(c.body));
        samples.push({ at, ms: performance.now() - started, status: res.status, pay: c.pay, lines: c.lines });
        if (res.status !== 200 && refusals.size < 20) refusals.add(`${t.label} ${c.pay}: ${res.status} ${res.text.slice(0, 200)}`);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: count }, till));
  agent.destroy();
  return errors;
}

/**
 * Signs in the till, picks 12 priced products and 16 prepaid and 16 credit member accounts of the demo, and tops each
 * account up with `topUps` x 1,000 euros in cash, as a member does at the till: no account may run dry during the run
 * (a refusal is quicker than a sale, and credit accounts stop at their credit limit, which a run of mixed carts
 * reaches; at 164 sales/s, 3,000 euros was not enough for one prepaid account). Credit accounts stay credit accounts (the
 * same posting path, only their floor differs).
 */
export async function prepareTills(label: string, system: RunningSystem, topUps = 10): Promise<Tills> {
  const till = await login(system.url, 'till');
  const bar = await login(system.url, 'bar');
  const { categories } = await api<{ categories: { products: { id: string; price: number }[] }[] }>(system.url, '/api/products/', { token: till });
  const products = categories.flatMap((c) => c.products).filter((p) => p.price > 0).slice(0, 12);
  const { accounts } = await api<{ accounts: { id: string; directDebit: boolean; balance: number; type: string }[] }>(system.url, '/api/accounts/', { token: bar });
  const members = accounts.filter((a) => a.type === 'member');
  const prepaid = members.filter((a) => !a.directDebit).slice(0, 16).map((a) => a.id);
  const credit = members.filter((a) => a.directDebit).slice(0, 16).map((a) => a.id);
  for (const id of [...prepaid, ...credit]) {
    for (let k = 0; k < topUps; k++) {
      await api(system.url, '/api/checkout/cash/', { token: bar, body: { products: [], upgrade_account_id: id, upgrade_amount: 100_000, nonce: randomUUID() } });
    }
  }
  return { label, system, till, products, prepaid, credit };
}
