import { z } from 'zod';
import { Cents, ObjectId } from './wrapper';

export const Product = z.object({
  id: ObjectId,
  name: z.string(),
  price: Cents,
  deposit: z.boolean(),
});
export type Product = z.infer<typeof Product>;

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
