import { AppError, notFound } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import { reasonModel } from '../models/reason.model';
import { sameName } from './views';

export const reasonNotFound = () => notFound('This reason does not exist.');

/** 409 when another reason already has this name (any case). */
export async function assertReasonNameFree(db: Connection, name: string, except?: string): Promise<void> {
  const taken = await reasonModel(db).findOne({ name: sameName(name), ...(except ? { _id: { $ne: except } } : {}) }, { name: 1 }).lean();
  if (taken) throw new AppError(409, 'conflict', `There is already a reason called ${taken.name}.`);
}
