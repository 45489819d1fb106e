import type { IdealPaymentStatus } from '@kassa/contracts';
// The named export: Node loads this package's CommonJS build, whose default import is the whole module object.
import { createMollieClient, PaymentMethod, PaymentStatus } from '@mollie/api-client';
import type { CreateProviderPayment, IdealProvider, ProviderPayment } from './ideal-provider';

const STATUS: Record<PaymentStatus, IdealPaymentStatus> = {
  [PaymentStatus.open]: 'open',
  [PaymentStatus.pending]: 'pending',
  // Authorised is not yet captured money; iDEAL never uses it, but it is not "paid".
  [PaymentStatus.authorized]: 'pending',
  [PaymentStatus.paid]: 'paid',
  [PaymentStatus.canceled]: 'cancelled',
  [PaymentStatus.expired]: 'expired',
  [PaymentStatus.failed]: 'failed',
};

/** "10.00" (Mollie's amount value) to 1000 cents, without floating point. */
export function mollieValueToCents(value: string): number {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(value);
  if (!match) throw new Error(`Unexpected Mollie amount ${value}`);
  const cents = Number(match[2]) * 100 + Number(match[3]);
  return match[1] === '-' ? -cents : cents;
}

export const centsToMollieValue = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** iDEAL through Mollie (IDEAL_PROVIDER=mollie, MOLLIE_API_KEY). */
export class MollieIdealProvider implements IdealProvider {
  readonly name = 'mollie';
  private readonly client: ReturnType<typeof createMollieClient>;

  constructor(apiKey: string) {
    this.client = createMollieClient({ apiKey });
  }

  async createPayment(p: CreateProviderPayment): Promise<{ id: string; checkoutUrl: string }> {
    const payment = await this.client.payments.create({
      amount: { currency: 'EUR', value: centsToMollieValue(p.amount) },
      description: p.description,
      redirectUrl: p.redirectUrl,
      webhookUrl: p.webhookUrl,
      method: PaymentMethod.ideal,
      metadata: { paymentId: p.paymentId },
      idempotencyKey: p.paymentId,
    });
    const checkoutUrl = payment.getCheckoutUrl();
    if (!checkoutUrl) throw new Error(`Mollie gave payment ${payment.id} no checkout URL`);
    return { id: payment.id, checkoutUrl };
  }

  async getPayment(id: string): Promise<ProviderPayment> {
    const payment = await this.client.payments.get(id);
    if (payment.amount.currency !== 'EUR') throw new Error(`Mollie payment ${id} is in ${payment.amount.currency}`);
    return {
      id: payment.id,
      status: STATUS[payment.status] ?? 'pending',
      amount: mollieValueToCents(payment.amount.value),
      paidAt: payment.paidAt ? new Date(payment.paidAt) : null,
    };
  }
}
