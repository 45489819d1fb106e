import { BaseEnv, loadConfig } from '@kassa/service-kit';
import { z } from 'zod';

export const CheckoutEnv = BaseEnv.extend({
  PORT: z.coerce.number().int().default(8083),
  /** How long after a sale a register (not an administrator) may still undo it. */
  UNDO_WINDOW_MS: z.coerce.number().int().min(0).default(10 * 60 * 1000),
  /** Sales are grouped by the bar's local day. */
  TIME_ZONE: z.string().default('Europe/Amsterdam'),
  /** How long a change of "Names on the live slide" may take to reach the slide (checkout keeps the setting this long). */
  PUBLIC_SCREEN_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
  /** How long a change of "Age check at the till" may take to reach the sales (checkout keeps the setting this long). */
  SALES_SETTINGS_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
});
export type CheckoutEnv = z.infer<typeof CheckoutEnv>;
export const loadCheckoutConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(CheckoutEnv, env);
