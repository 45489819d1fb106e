import type { AdminCategory, AdminProduct, AdminReason, VatRate } from '@kassa/contracts';
import type { Types } from 'mongoose';

interface ProductLike {
  _id: Types.ObjectId;
  name: string;
  price: number;
  categoryId: Types.ObjectId;
  deposit?: boolean | null;
  depositAmount?: number | null;
  position?: number | null;
  active?: boolean | null;
  vatRate?: number | null;
  adultsOnly?: boolean | null;
}

export const adminProduct = (p: ProductLike): AdminProduct => ({
  id: String(p._id),
  name: p.name,
  price: p.price,
  categoryId: String(p.categoryId),
  deposit: (p.depositAmount ?? 0) > 0 || (p.deposit ?? false),
  depositAmount: p.depositAmount ?? 0,
  position: p.position ?? 0,
  hidden: p.active === false,
  vatRate: (p.vatRate ?? 21) as VatRate,
  adultsOnly: p.adultsOnly ?? false,
});

export const adminCategory = (c: { _id: Types.ObjectId; name: string; colour: string; position?: number | null }, productCount: number): AdminCategory => ({
  id: String(c._id),
  name: c.name,
  colour: c.colour,
  position: c.position ?? 0,
  productCount,
});

export const adminReason = (r: { _id: Types.ObjectId; name: string; position?: number | null }): AdminReason => ({ id: String(r._id), name: r.name, position: r.position ?? 0 });

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A name as a case-insensitive exact-match pattern (for "already taken" checks). */
export const sameName = (name: string) => new RegExp(`^${escapeRegex(name)}$`, 'i');
/** A case-insensitive "contains" pattern for a search box. */
export const containing = (text: string) => new RegExp(escapeRegex(text), 'i');
