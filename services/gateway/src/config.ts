import { BaseEnv, loadConfig } from '@kassa/service-kit';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const root = fileURLToPath(new URL('../../..', import.meta.url));

export const GatewayEnv = BaseEnv.extend({
  PORT: z.coerce.number().int().default(8080),
  /** Where the shell's build is served from ('' serves no front-end, e.g. when a CDN does). */
  SHELL_DIST: z.string().default(join(root, 'shell', 'dist')),
  /** Folder holding mfe-pos/dist, mfe-account/dist, ... served under /remotes/<name>/. */
  REMOTES_ROOT: z.string().default(root),
  /** Run-time remote locations (a remote can be redeployed elsewhere without rebuilding the shell). */
  REMOTE_MFE_POS_URL: z.string().optional(),
  REMOTE_MFE_ACCOUNT_URL: z.string().optional(),
  REMOTE_MFE_ADMIN_URL: z.string().optional(),
  REMOTE_MFE_SLIDES_URL: z.string().optional(),
  /** Login attempts per IP per minute. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().default(20),
  CORS_ORIGINS: z.string().default(''),
});
export type GatewayEnv = z.infer<typeof GatewayEnv>;
export const loadGatewayConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(GatewayEnv, env);
