import { BaseEnv, DEV_SECRETS, loadConfig } from '@kassa/service-kit';
import { z } from 'zod';

export const PaymentsEnv = BaseEnv.extend({
  PORT: z.coerce.number().int().default(8084),
  /** `standin`: the local stand-in terminal (training, demo, tests); `sepay`: a SEPay terminal through WECR. */
  TERMINAL_PROVIDER: z.enum(['standin', 'sepay']).default('standin'),
  /** How long the stand-in terminal keeps a payment pending before it answers. */
  STANDIN_TERMINAL_DELAY_MS: z.coerce.number().int().min(0).default(3000),
  /** How often a pending payment is asked for at the terminal. */
  TERMINAL_POLL_MS: z.coerce.number().int().min(100).default(1000),
  /** A payment the terminal has not finished after this long is given up as expired. */
  TERMINAL_EXPIRE_MS: z.coerce.number().int().min(10_000).default(10 * 60 * 1000),
  SEPAY_URL: z.string().url().default('https://wecr.sepay.nl/v2/wecr.asmx'),
  /** MySEPAY login and the terminal's SID (on the terminal's info page). */
  SEPAY_LOGIN: z.string().optional(),
  SEPAY_SID: z.string().optional(),
  SEPAY_KEY_INDEX: z.coerce.number().int().min(0).default(0),
  /** The RSA private key whose public half is registered with SEPay: PEM text, or a file holding it. */
  SEPAY_PRIVATE_KEY: z.string().optional(),
  SEPAY_PRIVATE_KEY_FILE: z.string().optional(),
  /** SEPay's certificate; when set, every answer's signature is checked. */
  SEPAY_PUBLIC_CERT_FILE: z.string().optional(),
  SEPAY_TERMINAL_NAME: z.string().default('Pinautomaat'),
  /** `standin`: the local stand-in bank page (demo, tests); `mollie`: iDEAL through Mollie with MOLLIE_API_KEY. */
  IDEAL_PROVIDER: z.enum(['standin', 'mollie']).default('standin'),
  MOLLIE_API_KEY: z.string().optional(),
  /**
   * Where the provider sends its callbacks. Mollie needs the public origin (default PUBLIC_URL/api/payments/webhook);
   * the stand-in calls this service directly (default PAYMENTS_URL/api/payments/webhook).
   */
  IDEAL_WEBHOOK_URL: z.string().url().optional(),
  /** `standin`: the local stand-in accounting package (demo, tests); `exact`: Exact Online with its app's id and secret. */
  EXACT_PROVIDER: z.enum(['standin', 'exact']).default('standin'),
  EXACT_CLIENT_ID: z.string().optional(),
  EXACT_CLIENT_SECRET: z.string().optional(),
  /** Exact Online's site for the country of the administration (the Netherlands by default). */
  EXACT_BASE_URL: z.string().url().default('https://start.exactonline.nl'),
  /** The journal the day entries are booked in (a general journal, "memoriaal"). */
  EXACT_JOURNAL_CODE: z.string().min(1).default('90'),
  /** Encrypts the Exact tokens at rest (AES-256-GCM; the key is its SHA-256). */
  EXACT_TOKEN_KEY: z.string().min(32).default(DEV_SECRETS.EXACT_TOKEN_KEY),
  /**
   * Lets a batch be marked collected before its collection date. Only for the end-to-end tests, whose batch cannot wait
   * a business day on the real clock; never set it for a bar.
   */
  DIRECT_DEBIT_COLLECT_EARLY: z.enum(['0', '1']).default('0').transform((v) => v === '1'),
}).superRefine((env, ctx) => {
  if (env.EXACT_PROVIDER === 'exact') {
    for (const key of ['EXACT_CLIENT_ID', 'EXACT_CLIENT_SECRET'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when EXACT_PROVIDER=exact' });
    }
  }
  if (env.IDEAL_PROVIDER === 'mollie' && !env.MOLLIE_API_KEY) {
    ctx.addIssue({ code: 'custom', path: ['MOLLIE_API_KEY'], message: 'required when IDEAL_PROVIDER=mollie' });
  }
  if (env.TERMINAL_PROVIDER !== 'sepay') return;
  for (const key of ['SEPAY_LOGIN', 'SEPAY_SID'] as const) {
    if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when TERMINAL_PROVIDER=sepay' });
  }
  if (!env.SEPAY_PRIVATE_KEY && !env.SEPAY_PRIVATE_KEY_FILE) {
    ctx.addIssue({ code: 'custom', path: ['SEPAY_PRIVATE_KEY'], message: 'SEPAY_PRIVATE_KEY or SEPAY_PRIVATE_KEY_FILE is required when TERMINAL_PROVIDER=sepay' });
  }
});
export type PaymentsEnv = z.infer<typeof PaymentsEnv>;
export const loadPaymentsConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(PaymentsEnv, env);
