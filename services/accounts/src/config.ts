import { BaseEnv, DemoSeedEnv, DEV_SECRETS, loadConfig } from '@kassa/service-kit';
import { SPEC_REFRESH_MS } from '@kassa/contracts';
import { z } from 'zod';

export const DEV_PIN_PEPPER = DEV_SECRETS.PIN_PEPPER;

/** Where mail goes when SMTP_URL is unset outside production: the local catcher `npm start` runs (gateway port + 5). */
export const LOCAL_SMTP_URL = 'smtp://127.0.0.1:8085';

export const AccountsEnv = BaseEnv.extend({
  PORT: z.coerce.number().int().default(8081),
  ...DemoSeedEnv,
  /** Server-side secret mixed into every PIN and card-secret hash (docs/decisions.md, "PIN hashing"). */
  PIN_PEPPER: z.string().min(16).default(DEV_PIN_PEPPER),
  /** `standin` serves a local sign-in page; `viaduct` talks OAuth2 to the real provider. */
  SSO_PROVIDER: z.enum(['standin', 'viaduct']).default('standin'),
  VIADUCT_AUTHORIZE_URL: z.string().url().optional(),
  VIADUCT_TOKEN_URL: z.string().url().optional(),
  VIADUCT_USERINFO_URL: z.string().url().optional(),
  VIADUCT_CLIENT_ID: z.string().optional(),
  VIADUCT_CLIENT_SECRET: z.string().optional(),
  VIADUCT_SCOPE: z.string().default('openid profile'),
  /** Origins (comma-separated) besides PUBLIC_URL's that a sign-in may return to. */
  SSO_REDIRECT_ORIGINS: z.string().default(''),
  /** How often the worker audits the ledger (docs/decisions.md, "Ledger self-audit"). */
  LEDGER_AUDIT_EVERY_MS: z.coerce.number().int().min(60_000).default(3600_000),
  /** The scheduled audit checks the sales of this many days against the ledger; 0 checks every sale. */
  LEDGER_AUDIT_SALES_DAYS: z.coerce.number().int().min(0).default(31),
  /** How long POST /api/admin/ledger_audit waits for the worker's run before answering 202 (still running). */
  // Below the gateway's 10-s upstream timeout: a longer run answers 202 and the page polls.
  LEDGER_AUDIT_WAIT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
  /** How often the worker works out POS Wrapped (the year so far) while the board has it switched on. */
  POS_WRAPPED_EVERY_MS: z.coerce.number().int().min(5_000).default(6 * 3_600_000),
  /**
   * How often open screens refresh their configuration, products, accounts and reasons (SPEC: a minute). Shorter only
   * for the end-to-end tests, so a spec that checks a refresh waits seconds; production refuses any other value.
   */
  CLIENT_REFRESH_MS: z.coerce.number().int().min(1000).max(3_600_000).default(SPEC_REFRESH_MS),
  /**
   * The SMTP server mail goes out through (nodemailer's URL form: smtp://user:pass@host:587, smtps://...:465). Unset
   * means the local catcher (LOCAL_SMTP_URL; `npm start` sets it to its own), which production refuses.
   */
  SMTP_URL: z.string().url().nullable().default(null),
  /** The sender of every mail. */
  MAIL_FROM: z.string().min(3).default('Kassa <kassa@localhost>'),
});
export type AccountsEnv = z.infer<typeof AccountsEnv>;

export function loadAccountsConfig(raw: NodeJS.ProcessEnv = process.env): AccountsEnv {
  const env = loadConfig(AccountsEnv, raw);
  const problems: string[] = [];
  if (env.SSO_PROVIDER === 'viaduct') {
    for (const key of ['VIADUCT_AUTHORIZE_URL', 'VIADUCT_TOKEN_URL', 'VIADUCT_USERINFO_URL', 'VIADUCT_CLIENT_ID', 'VIADUCT_CLIENT_SECRET'] as const) {
      if (!env[key]) problems.push(`  ${key}: required when SSO_PROVIDER=viaduct`);
    }
  }
  if (problems.length) throw new Error(`Invalid environment:\n${problems.join('\n')}`);
  return env;
}
