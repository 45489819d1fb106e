import type { IdealPaymentStatus } from '@kassa/contracts';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { CreateProviderPayment, IdealProvider, ProviderPayment } from './ideal-provider';

const StoredPayment = z.object({
  id: z.string(),
  amount: z.number().int(),
  description: z.string(),
  redirectUrl: z.string(),
  webhookUrl: z.string(),
  status: z.enum(['open', 'paid', 'cancelled', 'expired']),
  paidAt: z.string().nullable(),
});
export type StandinPayment = z.infer<typeof StoredPayment>;

export type StandinAction = 'pay' | 'cancel' | 'expire';
const OUTCOME: Record<StandinAction, StandinPayment['status']> = { pay: 'paid', cancel: 'cancelled', expire: 'expired' };

const TTL_S = 30 * 24 * 3600;

/** Changes an open payment's status; a final one stays as it is (a second click, another tab). */
const ACT_SCRIPT = `
local raw = redis.call('GET', KEYS[1])
if not raw then return false end
local payment = cjson.decode(raw)
if payment['status'] == 'open' then
  payment['status'] = ARGV[1]
  if ARGV[1] == 'paid' then payment['paidAt'] = ARGV[2] end
  raw = cjson.encode(payment)
  redis.call('SET', KEYS[1], raw, 'EX', ${TTL_S})
end
return raw
`;

/**
 * The local stand-in for the bank (IDEAL_PROVIDER=standin): a page under /api/payments/standin/{id} with the amount and
 * "Pay", "Cancel" and "Let it expire". Its payments live in Redis, so the API process (the page) and the worker (the
 * status check) see the same provider.
 */
export class StandinIdealProvider implements IdealProvider {
  readonly name = 'standin';
  private readonly prefix: string;

  constructor(
    private readonly redis: Redis,
    queuePrefix: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.prefix = `${queuePrefix}:ideal:standin:`;
  }

  /** The page's address, relative: the stand-in is served on Kassa's own origin. */
  static checkoutPath = (id: string) => `/api/payments/standin/${encodeURIComponent(id)}`;

  async createPayment(p: CreateProviderPayment): Promise<{ id: string; checkoutUrl: string }> {
    // One provider payment per payment of ours, like Mollie's idempotency key.
    const id = `tr_standin_${p.paymentId}`;
    const payment: StandinPayment = {
      id,
      amount: p.amount,
      description: p.description,
      redirectUrl: p.redirectUrl,
      webhookUrl: p.webhookUrl,
      status: 'open',
      paidAt: null,
    };
    await this.redis.set(this.prefix + id, JSON.stringify(payment), 'EX', TTL_S, 'NX');
    return { id, checkoutUrl: StandinIdealProvider.checkoutPath(id) };
  }

  async find(id: string): Promise<StandinPayment | null> {
    const raw = await this.redis.get(this.prefix + id);
    return raw ? StoredPayment.parse(JSON.parse(raw)) : null;
  }

  async getPayment(id: string): Promise<ProviderPayment> {
    const payment = await this.find(id);
    if (!payment) throw new Error(`The stand-in bank does not know payment ${id}`);
    return { id, status: payment.status as IdealPaymentStatus, amount: payment.amount, paidAt: payment.paidAt ? new Date(payment.paidAt) : null };
  }

  /** What the member chose on the page; null for an unknown payment. */
  async act(id: string, action: StandinAction): Promise<StandinPayment | null> {
    const raw = (await this.redis.eval(ACT_SCRIPT, 1, this.prefix + id, OUTCOME[action], this.now().toISOString())) as string | null;
    return raw ? StoredPayment.parse(JSON.parse(raw)) : null;
  }
}
