import type { Redis } from 'ioredis';
import type { PaymentsEnv } from '../config';
import type { IdealProvider } from './ideal-provider';
import { MollieIdealProvider } from './mollie-ideal-provider';
import { StandinIdealProvider } from './standin-ideal-provider';

/** The provider chosen by IDEAL_PROVIDER; the stand-in keeps its payments in the given Redis. */
export function createIdealProvider(env: PaymentsEnv, redis: Redis): IdealProvider {
  if (env.IDEAL_PROVIDER === 'mollie') return new MollieIdealProvider(env.MOLLIE_API_KEY!);
  return new StandinIdealProvider(redis, env.QUEUE_PREFIX);
}

/** Where the provider reports changes (docs/decisions.md "Online top-ups"). */
export function idealWebhookUrl(env: PaymentsEnv): string {
  if (env.IDEAL_WEBHOOK_URL) return env.IDEAL_WEBHOOK_URL;
  const base = env.IDEAL_PROVIDER === 'mollie' ? env.PUBLIC_URL : env.PAYMENTS_URL;
  return new URL('/api/payments/webhook', base).toString();
}
