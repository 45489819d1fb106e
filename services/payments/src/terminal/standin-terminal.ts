import { TerminalOutcome, type StandinTerminalState, type TerminalTotals } from '@kassa/contracts';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { CardTerminal, TerminalStart, TerminalStatus } from './card-terminal';

const Plan = z.object({ outcome: TerminalOutcome, delayMs: z.number().int() });
type Plan = z.infer<typeof Plan>;
const Payment = Plan.extend({ readyAt: z.number(), amount: z.number().int() });

const PAYMENT_TTL_S = 7 * 24 * 3600;
/** How long the stand-in remembers the payments it approved, for its totals. */
const TOTALS_KEPT_MS = 400 * 24 * 3600 * 1000;

/**
 * Takes the next queued plan for a new payment (its register's terminal first, then the queue every register shares),
 * or reuses the plan of a payment already started, in one step: a repeated start (retry after a crash, two requests at
 * once) never uses up a second queued outcome. A payment that will be approved goes into the register's approved set
 * at the moment it is approved, which its totals read.
 */
const START_SCRIPT = `
local existing = redis.call('GET', KEYS[1])
if existing then return existing end
local planned = redis.call('LPOP', KEYS[2])
if not planned then planned = redis.call('LPOP', KEYS[4]) end
local plan
if planned then plan = cjson.decode(planned) else plan = cjson.decode(ARGV[1]) end
plan['readyAt'] = tonumber(ARGV[2]) + plan['delayMs']
plan['amount'] = tonumber(ARGV[3])
local encoded = cjson.encode(plan)
redis.call('SET', KEYS[1], encoded, 'EX', ${PAYMENT_TTL_S})
if plan['outcome'] == 'completed' then
  redis.call('ZADD', KEYS[3], plan['readyAt'], ARGV[4] .. ' ' .. ARGV[3])
  redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', tonumber(ARGV[2]) - ${TOTALS_KEPT_MS})
end
return encoded
`;

const TERMINAL = { friendly_name: 'Stand-in terminal', brand: 'standin' };

/**
 * The local stand-in for a card terminal: approves after a delay, or does what staff (or a test) told it to do with
 * the next payments, at one register (each has a terminal of its own, as at a bar) or at any. Its state is in Redis,
 * so the API process and the polling worker see the same terminal.
 */
export class StandinTerminal implements CardTerminal {
  readonly provider = 'standin';
  /** The queue every register shares; `<registerQueuePrefix><register>` is one register's own. */
  private readonly queueKey: string;
  private readonly registerQueuePrefix: string;
  private readonly paymentPrefix: string;
  /** `<prefix><register>`: a sorted set of the register's approved payments, scored by when they were approved. */
  private readonly approvedPrefix: string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly defaultDelayMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.queueKey = `${prefix}:terminal:standin:queue`;
    this.registerQueuePrefix = `${prefix}:terminal:standin:queue:`;
    this.paymentPrefix = `${prefix}:terminal:standin:payment:`;
    this.approvedPrefix = `${prefix}:terminal:standin:approved:`;
  }

  async start(payment: { transactionId: string; amount: number; registerId?: string | null }): Promise<TerminalStart> {
    const terminalRef = `standin-${payment.transactionId}`;
    const fallback: Plan = { outcome: 'completed', delayMs: this.defaultDelayMs };
    await this.redis.eval(
      START_SCRIPT,
      4,
      this.paymentPrefix + terminalRef,
      this.queue(payment.registerId),
      this.approvedPrefix + (payment.registerId ?? ''),
      this.queueKey,
      JSON.stringify(fallback),
      String(this.now()),
      String(payment.amount),
      terminalRef,
    );
    return { terminalRef, terminal: TERMINAL };
  }

  /** The payments this terminal approved for the register between `from` and `to` (as a terminal's own day totals). */
  async totals(period: { registerId: string; from: Date; to: Date }): Promise<TerminalTotals> {
    const approved = await this.redis.zrangebyscore(this.approvedPrefix + period.registerId, period.from.getTime(), period.to.getTime());
    const amounts = approved.map((member) => Number(member.split(' ')[1]));
    return { totals: { count: amounts.length, total: amounts.reduce((sum, a) => sum + a, 0) }, note: null };
  }

  async status(terminalRef: string): Promise<TerminalStatus> {
    const raw = await this.redis.get(this.paymentPrefix + terminalRef);
    if (!raw) return { status: 'deleted', error: 'The terminal does not know this payment.' };
    const payment = Payment.parse(JSON.parse(raw));
    if (this.now() < payment.readyAt) return { status: 'pending', error: null };
    return { status: payment.outcome, error: null };
  }

  private queue(registerId?: string | null): string {
    return registerId ? this.registerQueuePrefix + registerId : this.queueKey;
  }

  /** Replaces the outcomes of the next payments at `registerId`'s terminal, or of the shared queue (staff training, tests). */
  async plan(outcomes: TerminalOutcome[], delayMs?: number, registerId?: string): Promise<StandinTerminalState> {
    const plans = outcomes.map((outcome) => JSON.stringify({ outcome, delayMs: delayMs ?? this.defaultDelayMs }));
    const key = this.queue(registerId);
    const tx = this.redis.multi().del(key);
    if (plans.length > 0) tx.rpush(key, ...plans);
    await tx.exec();
    return this.state(registerId);
  }

  async state(registerId?: string): Promise<StandinTerminalState> {
    const queued = await this.redis.lrange(this.queue(registerId), 0, -1);
    return { provider: this.provider, defaultDelayMs: this.defaultDelayMs, queued: queued.map((q) => Plan.parse(JSON.parse(q))) };
  }

  async close(): Promise<void> {
    // The Redis connection belongs to whoever made this terminal.
  }
}
