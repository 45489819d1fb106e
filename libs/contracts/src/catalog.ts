import { z } from 'zod';
import { Cents, ObjectId } from './wrapper';

export const Product = z.object({
  id: ObjectId,
  name: z.string(),
  price: Cents,
  /** Whether the packaging has a deposit (statiegeld): the till reminds to bring it back. */
  deposit: z.boolean(),
  /**
   * The deposit on one unit, in cents (0: none). A sale charges it on top of the price (not revenue: the Deposits
   * ledger holds it) and a deposit return pays it back (docs/decisions.md "Deposits as money").
   */
  depositAmount: Cents,
  /**
   * Sold only to buyers of 18 and over (alcohol, by Dutch law): the till asks staff to check when the setting says so.
   * False when absent (a catalogue a till kept from before the flag).
   */
  adultsOnly: z.boolean().default(false),
});
export type Product = z.infer<typeof Product>;

/**
 * The age check of an order holding an 18+ product: 'off' (never), 'ask' (the till asks staff once per order), or
 * 'account' (sold only on an account whose recorded date of birth shows 18 or older on the day of the sale).
 */
export const AgeCheck = z.enum(['off', 'ask', 'account']);
export type AgeCheck = z.infer<typeof AgeCheck>;

export const Category = z.object({
  id: ObjectId,
  name: z.string(),
  colour: z.string(),
  products: z.array(Product),
});
export type Category = z.infer<typeof Category>;

export const ProductsResult = z.object({ categories: z.array(Category) });
export type ProductsResult = z.infer<typeof ProductsResult>;

export const Reason = z.object({ id: ObjectId, name: z.string() });
export type Reason = z.infer<typeof Reason>;
export const ReasonsResult = z.object({ reasons: z.array(Reason) });
export type ReasonsResult = z.infer<typeof ReasonsResult>;

/** One line of the public bar menu (GET /api/products/menu/): what a TV on the wall may show, so no ids. */
export const MenuProduct = Product.pick({ name: true, price: true, deposit: true, adultsOnly: true });
export type MenuProduct = z.infer<typeof MenuProduct>;

export const MenuCategory = z.object({ name: z.string(), colour: z.string(), products: z.array(MenuProduct) });
export type MenuCategory = z.infer<typeof MenuCategory>;

/**
 * Categories in their order, each with its active products; categories without any are left out. `refreshMs`: how
 * often the wall asks again (the catalog's MENU_REFRESH_MS: 30 s, sooner on a system started for the end-to-end tests).
 */
export const MenuResult = z.object({ categories: z.array(MenuCategory), refreshMs: z.number().int().min(1000).optional() });
export type MenuResult = z.infer<typeof MenuResult>;
