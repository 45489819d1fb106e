import { TerminalOutcome, type StandinTerminalState } from '@kassa/contracts';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { CardTerminal, TerminalStart, TerminalStatus } from './card-terminal';

const Plan = z.object({ outcome: TerminalOutcome, delayMs: z.number().int() });
type Plan = z.infer<typeof Plan>;
const Payment = Plan.extend({ readyAt: z.number(), amount: z.number().int() });

const PAYMENT_TTL_S = 7 * 24 * 3600;

/**
 * Takes the next queued plan for a new payment, or reuses the plan of a payment already started, in one step:
 * a repeated start (retry after a crash, two requests at once) never uses up a second queued outcome.
 */
const START_SCRIPT = `
local existing = redis.call('GET', KEYS[1])
if existing then return existing end
local planned = redis.call('LPOP', KEYS[2])
local plan
if planned then plan = cjson.decode(planned) else plan = cjson.decode(ARGV[1]) end
plan['readyAt'] = tonumber(ARGV[2]) + plan['delayMs']
plan['amount'] = tonumber(ARGV[3])
local encoded = cjson.encode(plan)
redis.call('SET', KEYS[1], encoded, 'EX', ${PAYMENT_TTL_S})
return encoded
`;

const TERMINAL = { friendly_name: 'Stand-in terminal', brand: 'standin' };

/**
 * The local stand-in for a card terminal: approves after a delay, or does what staff (or a test) told it to do with
 * the next payments. Its state is in Redis, so the API process and the polling worker see the same terminal.
 */
export class StandinTerminal implements CardTerminal {
  readonly provider = 'standin';
  private readonly queueKey: string;
  private readonly paymentPrefix: string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly defaultDelayMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.queueKey = `${prefix}:terminal:standin:queue`;
    this.paymentPrefix = `${prefix}:terminal:standin:payment:`;
  }

  async start(payment: { transactionId: string; amount: number }): Promise<TerminalStart> {
    const terminalRef = `standin-${payment.transactionId}`;
    const fallback: Plan = { outcome: 'completed', delayMs: this.defaultDelayMs };
    await this.redis.eval(START_SCRIPT, 2, this.paymentPrefix + terminalRef, this.queueKey, JSON.stringify(fallback), String(this.now()), String(payment.amount));
    return { terminalRef, terminal: TERMINAL };
  }

  async status(terminalRef: string): Promise<TerminalStatus> {
    const raw = await this.redis.get(this.paymentPrefix + terminalRef);
    if (!raw) return { status: 'deleted', error: 'The terminal does not know this payment.' };
    const payment = Payment.parse(JSON.parse(raw));
    if (this.now() < payment.readyAt) return { status: 'pending', error: null };
    return { status: payment.outcome, error: null };
  }

  /** Replaces the outcomes of the next payments (staff training, tests). */
  async plan(outcomes: TerminalOutcome[], delayMs?: number): Promise<StandinTerminalState> {
    const plans = outcomes.map((outcome) => JSON.stringify({ outcome, delayMs: delayMs ?? this.defaultDelayMs }));
    const tx = this.redis.multi().del(this.queueKey);
    if (plans.length > 0) tx.rpush(this.queueKey, ...plans);
    await tx.exec();
    return this.state();
  }

  async state(): Promise<StandinTerminalState> {
    const queued = await this.redis.lrange(this.queueKey, 0, -1);
    return { provider: this.provider, defaultDelayMs: this.defaultDelayMs, queued: queued.map((q) => Plan.parse(JSON.parse(q))) };
  }

  async close(): Promise<void> {
    // The Redis connection belongs to whoever made this terminal.
  }
}
