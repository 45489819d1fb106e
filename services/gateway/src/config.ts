import { BaseEnv, loadConfig } from '@kassa/service-kit';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const root = fileURLToPath(new URL('../../..', import.meta.url));

export const GatewayEnv = BaseEnv.extend({
  PORT: z.coerce.number().int().default(8080),
  /** Where the shell's build is served from ('' serves no front-end, e.g. when a CDN does). */
  SHELL_DIST: z.string().default(join(root, 'shell', 'dist')),
  /**
   * `npm run dev` only: the shell's rspack dev server. Set, every path that is not an API route is passed on to it
   * (the page, its chunks and hot updates) instead of being served from SHELL_DIST.
   */
  SHELL_DEV_URL: z.string().url().optional(),
  /** Folder holding mfe-pos/dist, mfe-account/dist, ... served under /remotes/<name>/. */
  REMOTES_ROOT: z.string().default(root),
  /** Run-time remote locations (a remote can be redeployed elsewhere without rebuilding the shell). */
  REMOTE_MFE_POS_URL: z.string().optional(),
  REMOTE_MFE_ACCOUNT_URL: z.string().optional(),
  REMOTE_MFE_ADMIN_URL: z.string().optional(),
  REMOTE_MFE_SLIDES_URL: z.string().optional(),
  /**
   * A JSON file of remote locations that may change while the gateway runs ({"mfe_pos": "https://…/mf-manifest.json"}):
   * read again when it changes, over the REMOTE_MFE_*_URL settings; the content security policy follows it.
   */
  REMOTES_FILE: z.string().optional(),
  /** Sign-in requests per client address per minute (a flood guard; failed ones are limited by accounts). */
  LOGIN_RATE_LIMIT: z.coerce.number().int().default(120),
  CORS_ORIGINS: z.string().default(''),
  /**
   * Which proxies in front of the gateway may say who the client is (X-Forwarded-For): off by default, so a client
   * cannot pick the address its sign-in attempts count against. `true` (every hop), a number of hops, or a
   * comma-separated list of proxy addresses or CIDR ranges (what Fastify's trustProxy takes).
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | string[] | ((address: string, hop: number) => boolean) => {
      const s = v.trim();
      if (s === '' || s === 'false') return false;
      if (s === 'true') return true;
      if (/^\d+$/.test(s)) {
        const hops = Number(s);
        return (_address, hop) => hop < hops;
      }
      return s.split(',').map((p) => p.trim()).filter(Boolean);
    }),
  /** How long a service may take to answer before the gateway gives up with 504 (the till must hear something). */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(1000).default(10_000),
});
export type GatewayEnv = z.infer<typeof GatewayEnv>;
export const loadGatewayConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(GatewayEnv, env);
