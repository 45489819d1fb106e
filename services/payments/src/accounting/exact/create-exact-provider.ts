import type { Redis } from 'ioredis';
import type { PaymentsEnv } from '../../config';
import { ExactOnlineProvider } from './exact-online-provider';
import type { ExactProvider } from './exact-provider';
import { StandinExactProvider } from './standin-exact-provider';

/** The accounting provider chosen by EXACT_PROVIDER; the stand-in keeps its state in the given Redis. */
export function createExactProvider(env: PaymentsEnv, redis: Redis): ExactProvider {
  if (env.EXACT_PROVIDER === 'exact') {
    return new ExactOnlineProvider({ baseUrl: env.EXACT_BASE_URL, clientId: env.EXACT_CLIENT_ID!, clientSecret: env.EXACT_CLIENT_SECRET!, journalCode: env.EXACT_JOURNAL_CODE });
  }
  return new StandinExactProvider(redis, env.QUEUE_PREFIX);
}

/** Where the provider sends the browser back: the admin page, on Kassa's public origin (relative for the stand-in). */
export function exactRedirectUri(env: PaymentsEnv): string {
  const path = '/admin/exact/oauth/success';
  return env.EXACT_PROVIDER === 'exact' ? new URL(path, env.PUBLIC_URL).toString() : path;
}
