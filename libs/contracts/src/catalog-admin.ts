import { z } from 'zod';
import { CalendarDay, DisplayName } from './text';
import { Cents, ObjectId, PageQuery } from './wrapper';

/** The highest price a product may have (cents): € 1.000,00. A typo of a few zeros is refused, not sold. */
export const PRODUCT_MAX_PRICE = 100_000;

/** The highest deposit a product may carry (cents): € 100,00 (a keg, not a typo). */
export const PRODUCT_MAX_DEPOSIT = 10_000;

/** Dutch VAT rates a bar sells at (percent): 21 (drinks with alcohol, most goods), 9 (soft drinks, food), 0. */
export const VatRate = z.union([z.literal(0), z.literal(9), z.literal(21)], { error: 'Choose a VAT rate of 0, 9 or 21 %.' });
export type VatRate = z.infer<typeof VatRate>;

/** A product as the administration sees it (the till sees only active ones, without the admin fields). */
export const AdminProduct = z.object({
  id: ObjectId,
  name: z.string(),
  price: Cents,
  categoryId: ObjectId,
  /** True when `depositAmount` is above zero. */
  deposit: z.boolean(),
  /** The deposit (statiegeld) on one unit, in cents; 0 for none. */
  depositAmount: Cents,
  /** Order within its category on the till (lower first). */
  position: z.number().int(),
  /** Not for sale; stays in past sales and counts. */
  hidden: z.boolean(),
  vatRate: VatRate,
  /** 18+: the till asks to check the buyer's age (setting ageCheck). */
  adultsOnly: z.boolean(),
});
export type AdminProduct = z.infer<typeof AdminProduct>;

/** POST /api/admin/products/ and PUT /api/admin/products/{id}/: a product without its id. */
export const AdminProductBody = z.object({
  name: DisplayName(100),
  price: z
    .number({ error: 'Please enter a valid number.' })
    .int('A price is a whole number of cents.')
    .min(0, 'A price cannot be below € 0,00.')
    .max(PRODUCT_MAX_PRICE, 'A price cannot be above € 1.000,00.'),
  categoryId: ObjectId,
  /** The deposit on one unit in cents (0: none); the product's deposit flag follows it. */
  depositAmount: z
    .number({ error: 'Please enter a valid number.' })
    .int('A deposit is a whole number of cents.')
    .min(0, 'A deposit cannot be below € 0,00.')
    .max(PRODUCT_MAX_DEPOSIT, 'A deposit cannot be above € 100,00.')
    .default(0),
  position: z.number().int().min(0).max(100_000).default(0),
  hidden: z.boolean().default(false),
  vatRate: VatRate.default(21),
  adultsOnly: z.boolean().default(false),
});
export type AdminProductBody = z.input<typeof AdminProductBody>;

/** GET /api/admin/products/: 15 a page by default; a name search and a category filter. */
export const AdminProductsQuery = PageQuery.extend({
  search: z.string().max(100).optional(),
  categoryId: ObjectId.optional(),
});
export type AdminProductsQuery = z.input<typeof AdminProductsQuery>;

export const AdminProductsAll = z.object({ products: z.array(AdminProduct) });
export type AdminProductsAll = z.infer<typeof AdminProductsAll>;

/** GET /api/admin/products/{id}/count/?start=: units sold (completed, not undone) from that Dutch day on. */
export const ProductCountQuery = z.object({ start: CalendarDay.optional() });
export const ProductCount = z.object({ count: z.number().int().min(0), start: CalendarDay.nullable() });
export type ProductCount = z.infer<typeof ProductCount>;

/** GET /api/admin/products/{id}/count_per_day/?year=: units sold per Dutch day of that year (days without sales left out). */
export const ProductCountPerDayQuery = z.object({ year: z.coerce.number({ error: 'Use a year like 2026.' }).int().min(2000, 'Use a year like 2026.').max(2100, 'Use a year like 2026.') });
export const ProductCountPerDay = z.object({
  year: z.number().int(),
  days: z.array(z.object({ day: CalendarDay, count: z.number().int().min(0) })),
});
export type ProductCountPerDay = z.infer<typeof ProductCountPerDay>;

/** A category colour, as the till paints its tiles. */
export const Colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #1e88e5.').transform((c) => c.toLowerCase());

export const AdminCategory = z.object({
  id: ObjectId,
  name: z.string(),
  colour: z.string(),
  position: z.number().int(),
  /** Products in it, hidden ones included: a category with products cannot be deleted. */
  productCount: z.number().int().min(0),
});
export type AdminCategory = z.infer<typeof AdminCategory>;

export const AdminCategoryBody = z.object({
  name: DisplayName(50),
  colour: Colour,
  position: z.number().int().min(0).max(100_000).default(0),
});
export type AdminCategoryBody = z.input<typeof AdminCategoryBody>;

export const AdminCategories = z.object({ categories: z.array(AdminCategory) });
export type AdminCategories = z.infer<typeof AdminCategories>;

/** An "other" payment reason (SPEC 2 "Other payment reason"). */
export const AdminReason = z.object({ id: ObjectId, name: z.string(), position: z.number().int() });
export type AdminReason = z.infer<typeof AdminReason>;
export const AdminReasonBody = z.object({ name: DisplayName(80), position: z.number().int().min(0).max(100_000).default(0) });
export type AdminReasonBody = z.input<typeof AdminReasonBody>;
export const AdminReasons = z.object({ reasons: z.array(AdminReason) });
export type AdminReasons = z.infer<typeof AdminReasons>;

/** Internal: what checkout has sold of one product (catalog answers the admin count calls with it). */
export const ProductSalesQuery = z.object({
  start: CalendarDay.optional(),
  end: CalendarDay.optional(),
  perDay: z.enum(['0', '1']).default('0'),
  /** `sold`: completed and not undone (what the counts show); `any`: every sale that names it (may it be erased?). */
  scope: z.enum(['sold', 'any']).default('sold'),
});
export const ProductSales = z.object({ count: z.number().int().min(0), days: z.array(z.object({ day: CalendarDay, count: z.number().int().min(0) })) });
export type ProductSales = z.infer<typeof ProductSales>;

/** Bar Management (/admin/bar): which categories the bar menu slide shows, in its order. */
export const BarMenuCategory = z.object({ id: ObjectId, name: z.string(), colour: z.string(), onMenu: z.boolean(), products: z.number().int().min(0) });
export type BarMenuCategory = z.infer<typeof BarMenuCategory>;
/** Every category: those on the menu first, in menu order, then the others in till order. */
export const BarMenu = z.object({ categories: z.array(BarMenuCategory) });
export type BarMenu = z.infer<typeof BarMenu>;
/** PUT /api/admin/bar/menu/: the categories on the menu, in order; every other category is left off. */
export const BarMenuBody = z.object({ categoryIds: z.array(ObjectId).max(100).refine((ids) => new Set(ids).size === ids.length, 'A category can be on the menu once.') });
export type BarMenuBody = z.infer<typeof BarMenuBody>;
