import mongoose from 'mongoose';
import { describe, expect, it } from 'vitest';
import { newSaleDocument, transactionModel, type NewSale } from './transaction.model';

// A connection that never connects: mongoose builds and casts documents without a server.
const Tx = transactionModel(mongoose.createConnection());

const cash: NewSale = {
  nonce: 'n-1',
  payloadHash: 'h',
  method: 'cash',
  paymentMethod: 'cash_payment',
  status: 'completed',
  products: [
    { productId: 'p1', name: 'Pils', price: 250, amount: 2, categoryId: 'c1', vatRate: 21, deposit: 0 },
    { productId: 'p2', name: 'Cola', price: 200, amount: 1, categoryId: null, vatRate: null, deposit: 0 },
  ],
  returns: [],
  total: 700,
  target: { accountId: null, cardSecretHash: null, self: false },
  accountId: null,
  upgrade: null,
  upgradeAccountId: null,
  reason: null,
  registerId: 'r1',
  userId: 'u1',
  username: 'till',
  day: '2026-11-28',
  madeDay: null,
  hour: 22,
  createdAt: new Date('2026-11-28T21:00:00Z'),
  receivedAt: null,
  shiftId: null,
  adultsOn: null,
};

const sales: Record<string, NewSale> = {
  'a cash sale': cash,
  'an account sale': { ...cash, method: 'account', paymentMethod: 'account_payment', status: 'initializing', target: { accountId: 'a1', cardSecretHash: null, self: false }, accountId: 'a1' },
  'a member card sale': { ...cash, method: 'account', paymentMethod: 'account_payment', status: 'initializing', target: { accountId: null, cardSecretHash: 'x'.repeat(64), self: false } },
  'a cash top-up': { ...cash, status: 'initializing', products: [], total: 0, upgrade: { accountId: 'a2', amount: 1000 }, upgradeAccountId: 'a2' },
  "an 'other' sale": { ...cash, method: 'other', paymentMethod: 'other_payment', reason: 'Spilled' },
  'a sale replayed from an offline till': { ...cash, receivedAt: new Date('2026-11-29T08:00:00Z') },
  'a late sale, booked on the day it arrived': { ...cash, day: '2026-11-29', madeDay: '2026-11-28', receivedAt: new Date('2026-11-29T08:00:00Z') },
};

/** What mongoose stores for `sale` (Model.create: cast, defaults, then timestamps and the version key on save). */
function storedByMongoose(sale: NewSale, now: Date) {
  const doc = new Tx(sale);
  doc.set('updatedAt', now);
  doc.set('__v', 0);
  return doc.toObject();
}

describe('newSaleDocument', () => {
  it.each(Object.keys(sales))('is what mongoose would store for %s, every default included', (kind) => {
    const now = new Date('2026-11-28T21:00:01Z');
    const ours = newSaleDocument(sales[kind]!, now);
    expect({ ...ours, _id: null }).toStrictEqual({ ...storedByMongoose(sales[kind]!, now), _id: null });
    expect(ours._id).toBeInstanceOf(mongoose.Types.ObjectId);
  });

  it('shares no object with what it was given, so a later change to the sale record stays its own', () => {
    const ours = newSaleDocument(sales['a cash top-up']!);
    expect(ours.target).not.toBe(sales['a cash top-up']!.target);
    expect(ours.upgrade).not.toBe(sales['a cash top-up']!.upgrade);
    expect(ours.products).not.toBe(sales['a cash top-up']!.products);
  });
});
