import type { IdealPaymentStatus } from '@kassa/contracts';

/** A payment as the provider reports it; amounts in cents. */
export interface ProviderPayment {
  id: string;
  status: IdealPaymentStatus;
  amount: number;
  paidAt: Date | null;
}

export interface CreateProviderPayment {
  /** Our payment id: the provider's idempotency key and metadata, so a retried create makes no second payment. */
  paymentId: string;
  amount: number;
  description: string;
  /** Where the member returns after paying, cancelling or letting it expire. */
  redirectUrl: string;
  /** Where the provider reports a change: `id=<provider id>` and nothing else to trust. */
  webhookUrl: string;
}

/**
 * An online bank payment provider, shaped after Mollie's payments API: create a payment and send the member to its
 * checkout page; the provider calls the webhook with the payment's id on every change, and the status is then asked
 * from the provider itself (never taken from the callback).
 */
export interface IdealProvider {
  readonly name: string;
  createPayment(payment: CreateProviderPayment): Promise<{ id: string; checkoutUrl: string }>;
  getPayment(id: string): Promise<ProviderPayment>;
}
