import { BaseEnv, DemoSeedEnv, loadConfig } from '@kassa/service-kit';
import { z } from 'zod';

export const CatalogEnv = BaseEnv.extend({ PORT: z.coerce.number().int().default(8082), ...DemoSeedEnv });
export type CatalogEnv = z.infer<typeof CatalogEnv>;
export const loadCatalogConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(CatalogEnv, env);
