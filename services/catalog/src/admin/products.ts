import { AppError, notFound } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import { categoryModel } from '../models/category.model';

/** A product's category must exist: 422 with a line under the field otherwise. */
export async function assertCategory(db: Connection, categoryId: string): Promise<void> {
  if (await categoryModel(db).exists({ _id: categoryId })) return;
  throw new AppError(422, 'validation_error', 'Choose a category.', [{ loc: ['body', 'categoryId'], msg: 'This category does not exist.', type: 'value_error' }]);
}

export const productNotFound = () => notFound('This product does not exist.');
