import { AppError, notFound } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import { categoryModel } from '../models/category.model';
import { productModel } from '../models/product.model';
import { adminCategory, sameName } from './views';

export const categoryNotFound = () => notFound('This category does not exist.');

/** 409 when another category already has this name (any case). */
export async function assertCategoryNameFree(db: Connection, name: string, except?: string): Promise<void> {
  const taken = await categoryModel(db).findOne({ name: sameName(name), ...(except ? { _id: { $ne: except } } : {}) }, { name: 1 }).lean();
  if (taken) throw new AppError(409, 'conflict', `There is already a category called ${taken.name}.`);
}

/** One category as the admin sees it, with its number of products (hidden ones included). */
export async function categoryView(db: Connection, doc: Parameters<typeof adminCategory>[0]) {
  return adminCategory(doc, await productModel(db).countDocuments({ categoryId: doc._id }));
}
