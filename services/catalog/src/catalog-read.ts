import type { Category } from '@kassa/contracts';
import type { Connection } from 'mongoose';
import { categoryModel } from './models/category.model';
import { productModel } from './models/product.model';

/** Categories in their order with their active products; one query each, joined in code (no $lookup on FerretDB). [ferretdb:aggregation] */
export async function loadCategories(db: Connection): Promise<Category[]> {
  const [cats, prods] = await Promise.all([
    categoryModel(db).find().sort({ position: 1, name: 1 }).lean(),
    productModel(db).find({ active: true }).sort({ position: 1, name: 1 }).lean(),
  ]);
  const byCategory = new Map<string, Category['products']>();
  for (const p of prods) {
    const key = String(p.categoryId);
    const list = byCategory.get(key) ?? [];
    list.push({ id: String(p._id), name: p.name, price: p.price, deposit: (p.depositAmount ?? 0) > 0 || (p.deposit ?? false), depositAmount: p.depositAmount ?? 0, adultsOnly: p.adultsOnly ?? false });
    byCategory.set(key, list);
  }
  return cats.map((c) => ({ id: String(c._id), name: c.name, colour: c.colour, products: byCategory.get(String(c._id)) ?? [] }));
}
