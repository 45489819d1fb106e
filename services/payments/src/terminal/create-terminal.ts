import { readFileSync } from 'node:fs';
import type { Redis } from 'ioredis';
import type { PaymentsEnv } from '../config';
import type { CardTerminal } from './card-terminal';
import { SepayTerminal } from './sepay-terminal';
import { StandinTerminal } from './standin-terminal';

/** The terminal chosen by TERMINAL_PROVIDER; the stand-in keeps its state in the given Redis. */
export function createTerminal(env: PaymentsEnv, redis: Redis): CardTerminal {
  if (env.TERMINAL_PROVIDER === 'sepay') {
    return new SepayTerminal({
      url: env.SEPAY_URL,
      login: env.SEPAY_LOGIN!,
      sid: env.SEPAY_SID!,
      keyIndex: env.SEPAY_KEY_INDEX,
      privateKey: env.SEPAY_PRIVATE_KEY ?? readFileSync(env.SEPAY_PRIVATE_KEY_FILE!, 'utf8'),
      publicCert: env.SEPAY_PUBLIC_CERT_FILE ? readFileSync(env.SEPAY_PUBLIC_CERT_FILE, 'utf8') : undefined,
      friendlyName: env.SEPAY_TERMINAL_NAME,
    });
  }
  return new StandinTerminal(redis, env.QUEUE_PREFIX, env.STANDIN_TERMINAL_DELAY_MS);
}
