import { z } from 'zod';

const DEV_SECRET = 'kassa-dev-secret-change-me-in-production-0123456789';

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
  JWT_SECRET: z.string().min(32).default(DEV_SECRET),
  TOKEN_TTL: z.string().default('12h'),
  /** Shared secret on internal (service-to-service) routes; the gateway never forwards them. */
  INTERNAL_TOKEN: z.string().min(16).default('kassa-internal-dev-token'),
  ACCOUNTS_URL: z.string().url().default('http://127.0.0.1:8081'),
  CATALOG_URL: z.string().url().default('http://127.0.0.1:8082'),
  CHECKOUT_URL: z.string().url().default('http://127.0.0.1:8083'),
  PAYMENTS_URL: z.string().url().default('http://127.0.0.1:8084'),
  /** Public origin (the gateway), for links handed to outside providers. */
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
});
export type BaseEnv = z.infer<typeof BaseEnv>;

export function loadConfig<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  if (parsed.data.NODE_ENV === 'production' && parsed.data.JWT_SECRET === DEV_SECRET) {
    throw new Error('Invalid environment:\n  JWT_SECRET: set a secret of your own in production');
  }
  return parsed.data;
}
