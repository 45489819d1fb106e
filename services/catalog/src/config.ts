import { BaseEnv, DemoSeedEnv, loadConfig } from '@kassa/service-kit';
import { z } from 'zod';

export const CatalogEnv = BaseEnv.extend({
  PORT: z.coerce.number().int().default(8082),
  ...DemoSeedEnv,
  /** How often a wall's bar menu asks again (told in each answer); the end-to-end system asks sooner. */
  MENU_REFRESH_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
  /** How long the public menu is kept before the database is asked again: every TV polls it. */
  MENU_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(5_000),
});
export type CatalogEnv = z.infer<typeof CatalogEnv>;
export const loadCatalogConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(CatalogEnv, env);
