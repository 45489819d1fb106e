import type { BarMenu } from '@kassa/contracts';
import type { Connection } from 'mongoose';
import { categoryModel } from '../models/category.model';
import { productModel } from '../models/product.model';

interface MenuOrdered {
  position?: number | null;
  menuPosition?: number | null;
  name: string;
  onMenu?: boolean | null;
}

/** Menu order: the categories placed on the menu by their menu position, then the rest in till order. */
export function byMenuOrder(a: MenuOrdered, b: MenuOrdered): number {
  const am = a.menuPosition ?? Number.MAX_SAFE_INTEGER;
  const bm = b.menuPosition ?? Number.MAX_SAFE_INTEGER;
  return am - bm || (a.position ?? 0) - (b.position ?? 0) || a.name.localeCompare(b.name);
}

/** Every category with whether the menu shows it and its number of active products, in menu order. */
export async function barMenu(db: Connection): Promise<BarMenu> {
  const [cats, products] = await Promise.all([categoryModel(db).find().lean(), productModel(db).find({ active: true }, { categoryId: 1 }).lean()]);
  const counts = new Map<string, number>();
  for (const p of products) counts.set(String(p.categoryId), (counts.get(String(p.categoryId)) ?? 0) + 1);
  const onMenu = cats.filter((c) => c.onMenu !== false).sort(byMenuOrder);
  const off = cats.filter((c) => c.onMenu === false).sort((a, b) => (a.position ?? 0) - (b.position ?? 0) || a.name.localeCompare(b.name));
  return {
    categories: [...onMenu, ...off].map((c) => ({ id: String(c._id), name: c.name, colour: c.colour, onMenu: c.onMenu !== false, products: counts.get(String(c._id)) ?? 0 })),
  };
}

/** What the audit log keeps of the menu: the names it shows, in order. */
export const menuSummary = (menu: BarMenu): string[] => menu.categories.filter((c) => c.onMenu).map((c) => c.name);
