import { SPEC_REFRESH_MS } from '@kassa/contracts';
import { z } from 'zod';

/** The secrets `npm start` runs with. Published in this repository, so production refuses every one of them. */
export const DEV_SECRETS = {
  JWT_SECRET: 'kassa-dev-secret-change-me-in-production-0123456789',
  INTERNAL_TOKEN: 'kassa-internal-dev-token',
  PIN_PEPPER: 'kassa-dev-pin-pepper-change-me-in-production',
  EXACT_TOKEN_KEY: 'kassa-dev-exact-token-key-change-me-in-production',
} as const;

/** Adapters whose `standin` value fakes the outside world: a card terminal, a bank, a sign-in provider, Exact Online. */
const PROVIDER_VARIABLES = ['TERMINAL_PROVIDER', 'IDEAL_PROVIDER', 'SSO_PROVIDER', 'EXACT_PROVIDER'] as const;

/**
 * The services that seed demo data into an empty database (accounts: users such as admin/admin; catalog: products)
 * extend their environment with this. Unset, they seed outside production only; production never seeds it unless
 * a training run asks for it with KASSA_SEED_DEMO=1 (an explicit 1 without KASSA_TRAINING=1 is refused).
 */
export const DemoSeedEnv = {
  KASSA_SEED_DEMO: z.enum(['0', '1']).optional(),
};

/** Whether a service with DemoSeedEnv seeds the demo data: as KASSA_SEED_DEMO says, else only outside production. */
export const seedsDemo = (env: { NODE_ENV?: unknown; KASSA_SEED_DEMO?: '0' | '1' }) => (env.KASSA_SEED_DEMO ?? (env.NODE_ENV === 'production' ? '0' : '1')) === '1';

/** A comma-separated list of URLs, at least one. */
const UrlList = z
  .string()
  .transform((v) => v.split(',').map((u) => u.trim()).filter(Boolean))
  .pipe(z.array(z.string().url()).min(1));

/** Environment shared by every service and worker. Parsed once at start-up; a bad value fails with every problem listed. */
export const BaseEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().default('127.0.0.1'),
  MONGODB_URI: z.string().default('mongodb://127.0.0.1:27017/'),
  /** Each service keeps its collections in its own database, `<prefix>_<service>`. */
  MONGODB_DB_PREFIX: z.string().regex(/^[a-z0-9_]+$/).default('kassa'),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  /** Prefix for queue names and pub/sub channels, so test runs never share queues with a running instance. */
  QUEUE_PREFIX: z.string().default('kassa'),
  JWT_SECRET: z.string().min(32).default(DEV_SECRETS.JWT_SECRET),
  TOKEN_TTL: z.string().default('12h'),
  /** Shared secret on internal (service-to-service) routes; the gateway never forwards them. */
  INTERNAL_TOKEN: z.string().min(16).default(DEV_SECRETS.INTERNAL_TOKEN),
  ACCOUNTS_URL: z.string().url().default('http://127.0.0.1:8081'),
  CATALOG_URL: z.string().url().default('http://127.0.0.1:8082'),
  CHECKOUT_URL: z.string().url().default('http://127.0.0.1:8083'),
  PAYMENTS_URL: z.string().url().default('http://127.0.0.1:8084'),
  /** Several replicas of a service: their URLs, comma-separated, in place of its one *_URL (see serviceUrls). */
  ACCOUNTS_URLS: UrlList.optional(),
  CATALOG_URLS: UrlList.optional(),
  CHECKOUT_URLS: UrlList.optional(),
  PAYMENTS_URLS: UrlList.optional(),
  /** Public origin (the gateway), for links handed to outside providers. */
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
  /**
   * Training mode: production settings may run with stand-ins and development secrets (a practice evening, a demo),
   * and every page shows "Training: no real money". Outside production Kassa always runs as training.
   */
  KASSA_TRAINING: z.enum(['0', '1']).default('0'),
  /** Workers touch this file every 10 s (container healthchecks); unset under npm start. */
  HEARTBEAT_FILE: z.string().optional(),
});
export type BaseEnv = z.infer<typeof BaseEnv>;

export const SERVICE_NAMES = ['accounts', 'catalog', 'checkout', 'payments'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** Where a service answers: each replica's URL (ACCOUNTS_URLS and the like), else its one URL (ACCOUNTS_URL). */
export function serviceUrls(env: BaseEnv, service: ServiceName): string[] {
  const key = service.toUpperCase() as Uppercase<ServiceName>;
  return env[`${key}_URLS`] ?? [env[`${key}_URL`]];
}

export function loadConfig<S extends z.ZodObject>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
  warn: (message: string) => void = (message) => process.stderr.write(`${message}\n`),
): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const data = parsed.data as Record<string, unknown>;
  const problems = productionProblems(data);
  if (problems.length) {
    const hint = isTraining(data)
      ? 'KASSA_TRAINING=1 lifts the published development secrets only on localhost: HOST and PUBLIC_URL on this machine'
      : 'set KASSA_TRAINING=1 for a training run with these';
    throw new Error(`Refusing to start in production (${hint}):\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
  const lifted = trainingLifts(data);
  if (lifted.length) {
    warn(`*** TRAINING (KASSA_TRAINING=1): production refusals lifted, no real money ***\n${lifted.map((p) => `  ${p}`).join('\n')}`);
  }
  return parsed.data;
}

/** True when money and sign-ins may be fake: outside production, or in production with KASSA_TRAINING=1. */
export const isTraining = (env: { NODE_ENV?: unknown; KASSA_TRAINING?: unknown }) => env.NODE_ENV !== 'production' || env.KASSA_TRAINING === '1';

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i;

/**
 * Whether this installation can only be reached from the machine it runs on: it listens on a loopback address (HOST)
 * and its public address (PUBLIC_URL) is a loopback name. Only then may a training run use the published secrets: a
 * token signed with them is worth nothing to someone who cannot reach the server.
 */
export function onLocalhost(env: Record<string, unknown>): boolean {
  const host = typeof env.HOST === 'string' ? env.HOST : '';
  const publicHost = URL.canParse(String(env.PUBLIC_URL)) ? new URL(String(env.PUBLIC_URL)).hostname : '';
  return LOOPBACK.test(host) && LOOPBACK.test(publicHost);
}

/** Every production refusal a parsed environment runs into, whether or not training lifts it. */
function refusals(env: Record<string, unknown>): { secrets: string[]; others: string[] } {
  const secrets: string[] = [];
  const others: string[] = [];
  for (const [key, value] of Object.entries(DEV_SECRETS)) {
    if (env[key] === value) secrets.push(`${key}: the development value is published in the repository; set a secret of your own`);
  }
  for (const key of PROVIDER_VARIABLES) {
    if (env[key] === 'standin') others.push(`${key}: "standin" is for training only; name the real provider and its settings`);
  }
  if (env.DIRECT_DEBIT_COLLECT_EARLY === true) others.push('DIRECT_DEBIT_COLLECT_EARLY: marking a batch collected before its date is for the end-to-end tests only; leave it unset');
  if (env.CLIENT_REFRESH_MS !== undefined && env.CLIENT_REFRESH_MS !== SPEC_REFRESH_MS) others.push("CLIENT_REFRESH_MS: the screens refresh every minute (SPEC); a shorter interval is for the end-to-end tests only; leave it unset");
  // Only a service that sends mail has SMTP_URL in its parsed environment (null when unset: the local catcher).
  if (env.SMTP_URL === null) others.push('SMTP_URL: unset, mail would go to the local catcher and never reach a member; name the SMTP server (smtp://user:password@host:587)');
  if (env.KASSA_SEED_DEMO === '1') others.push('KASSA_SEED_DEMO: the demo data (users such as admin/admin) is for training only; leave it unset or 0');
  return { secrets, others };
}

/**
 * What production refuses in a service's parsed environment: each development secret, stand-in and demo seed it would
 * use. A training run (KASSA_TRAINING=1) is allowed the stand-ins and the demo seed, and the published secrets only on
 * localhost (onLocalhost); outside production nothing is refused.
 */
export function productionProblems(env: Record<string, unknown>): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const { secrets, others } = refusals(env);
  if (!isTraining(env)) return [...secrets, ...others];
  return onLocalhost(env) ? [] : secrets;
}

/** What KASSA_TRAINING=1 lets a production start use that it would refuse otherwise (said loudly at start-up). */
export function trainingLifts(env: Record<string, unknown>): string[] {
  if (env.NODE_ENV !== 'production' || env.KASSA_TRAINING !== '1') return [];
  const { secrets, others } = refusals(env);
  return [...secrets, ...others, 'every page shows "Training: no real money"'];
}
