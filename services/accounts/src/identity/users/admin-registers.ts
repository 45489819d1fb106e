import type { AdminRegister, Capability } from '@kassa/contracts';
import { AppError, notFound } from '@kassa/service-kit';
import type { Connection, Types } from 'mongoose';
import { registerModel } from '../models/register.model';
import { userModel } from '../models/user.model';

interface RegisterRow {
  _id: Types.ObjectId;
  name: string;
  capabilities?: string[] | null;
  terminalName?: string | null;
}

/** Registers with the users at each (one query each, joined here). */
export async function adminRegisters(db: Connection, rows: RegisterRow[]): Promise<AdminRegister[]> {
  const users = await userModel(db)
    .find({ registerId: { $in: rows.map((r) => r._id) } }, { username: 1, registerId: 1 })
    .sort({ username: 1 })
    .lean();
  return rows.map((r) => ({
    id: String(r._id),
    name: r.name,
    capabilities: (r.capabilities ?? []) as Capability[],
    terminalName: r.terminalName ?? null,
    users: users.filter((u) => String(u.registerId) === String(r._id)).map((u) => ({ id: String(u._id), username: u.username })),
  }));
}

export async function adminRegister(db: Connection, id: string): Promise<AdminRegister> {
  const row = await registerModel(db).findById(id).lean();
  if (!row) throw notFound('This register does not exist.');
  return (await adminRegisters(db, [row]))[0]!;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** 409 when another register already has this name (any case). */
export async function assertRegisterNameFree(db: Connection, name: string, except?: string): Promise<void> {
  const found = await registerModel(db).findOne({ name: new RegExp(`^${escapeRegex(name)}$`, 'i'), ...(except ? { _id: { $ne: except } } : {}) }, { name: 1 }).lean();
  if (found) throw new AppError(409, 'conflict', `There is already a register called ${found.name}.`);
}
