import type { AdminLedger } from '@kassa/contracts';
import { describe, expect, it } from 'vitest';
import { buildJournal, UnmappedLedgers, vatOf } from './journal';
import { journalCsv } from './journal-csv';

const ledger = (id: string, name: string, code: string | null): AdminLedger => ({ id, name, code, kind: 'asset', covers: '' });
const LEDGERS = [
  ledger('sales', 'Sales', '8000'),
  ledger('vat', 'VAT payable', '1500'),
  ledger('cash', 'Cash box', '1000'),
  ledger('card', 'Card terminal', '1010'),
  ledger('other_payments', 'Other payments', '4990'),
  ledger('account_sales', 'Sales on account', '1610'),
  ledger('bar_topups', 'Top-ups at the bar', '1620'),
  ledger('member_accounts', 'Member accounts', '1600'),
  ledger('ideal', 'iDEAL', '1020'),
  ledger('direct_debit', 'Direct debit', '1030'),
  ledger('corrections', 'Corrections and expiry', '4900'),
  ledger('deposits', 'Deposits', '1630'),
];
const NO_DEPOSITS = { charged: 0, chargedUnits: 0, returned: 0, returnedUnits: 0 };

const day = {
  day: '2026-11-24',
  sales: {
    day: '2026-11-24',
    revenue: [
      { categoryId: 'c1', vatRate: 21, gross: 1210 },
      { categoryId: 'c2', vatRate: 9, gross: 545 },
      { categoryId: 'c1', vatRate: 9, gross: 333 },
    ],
    byMethod: [
      { method: 'cash', total: 1000, count: 3 },
      { method: 'card', total: 500, count: 1 },
      { method: 'account', total: 588, count: 2 },
    ],
    undoneByMethod: [],
    topupsByMethod: [{ method: 'cash', total: 2000 }],
    deposits: NO_DEPOSITS,
  },
  postings: {
    day: '2026-11-24',
    byKind: [
      { kind: 'purchase', ledgerId: 'account_sales', total: -588, count: 2 },
      { kind: 'topup', ledgerId: 'bar_topups', total: 2000, count: 1 },
      { kind: 'ideal', ledgerId: 'ideal', total: 1500, count: 1 },
    ],
  },
  ledgers: LEDGERS,
  categories: new Map([
    ['c1', 'Bier'],
    ['c2', 'Snacks'],
  ]),
};

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('a day journal entry', () => {
  it('balances: debits equal credits, to the cent', () => {
    const entry = buildJournal(day);
    expect(sum(entry.lines.map((l) => l.amount))).toBe(0);
    expect(entry.total).toBe(sum(entry.lines.filter((l) => l.amount > 0).map((l) => l.amount)));
  });

  it("credits the day's sales as revenue per category and VAT rate plus VAT, together the sales total", () => {
    const entry = buildJournal(day);
    const revenue = entry.lines.filter((l) => l.ledgerId === 'sales');
    expect(revenue.map((l) => l.description)).toEqual(['Revenue Bier, 21% VAT', 'Revenue Snacks, 9% VAT', 'Revenue Bier, 9% VAT']);
    expect(revenue[0]!.amount).toBe(-1000);
    expect(entry.lines.find((l) => l.description === 'VAT 21% on sales')!.amount).toBe(-210);
    expect(entry.lines.find((l) => l.description === 'VAT 9% on sales')!.amount).toBe(-(45 + 27));
    const credits = entry.lines.filter((l) => l.ledgerId === 'sales' || l.ledgerId === 'vat');
    expect(-sum(credits.map((l) => l.amount))).toBe(1210 + 545 + 333);
    expect(-sum(credits.map((l) => l.amount))).toBe(sum(day.sales.byMethod.map((m) => m.total)));
  });

  it('books money in per method and the change of member balances as the postings sum', () => {
    const entry = buildJournal(day);
    const on = (id: string) => sum(entry.lines.filter((l) => l.ledgerId === id).map((l) => l.amount));
    expect(on('cash')).toBe(1000 + 2000);
    expect(on('card')).toBe(500);
    expect(on('ideal')).toBe(1500);
    expect(on('member_accounts')).toBe(-(-588 + 2000 + 1500));
    // The clearing ledgers net out when every sale and posting belongs to the day.
    expect(on('account_sales')).toBe(0);
    expect(on('bar_topups')).toBe(0);
  });

  it('refuses with every unmapped ledger the day needs, and none it does not', () => {
    const ledgers = LEDGERS.map((l) => (l.id === 'cash' || l.id === 'ideal' || l.id === 'direct_debit' ? { ...l, code: null } : l));
    let err: unknown;
    try {
      buildJournal({ ...day, ledgers });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(UnmappedLedgers);
    expect((err as UnmappedLedgers).ledgers).toEqual([
      { id: 'cash', name: 'Cash box' },
      { id: 'ideal', name: 'iDEAL' },
    ]);
  });

  it('has no lines on a day without sales or postings', () => {
    const entry = buildJournal({ ...day, sales: { day: day.day, revenue: [], byMethod: [], undoneByMethod: [], topupsByMethod: [], deposits: NO_DEPOSITS }, postings: { day: day.day, byKind: [] } });
    expect(entry.lines).toEqual([]);
    expect(entry.total).toBe(0);
  });

  it('books deposits charged and returned on the Deposits ledger, not as revenue, and still balances', () => {
    // Cash: a crate sold (3,90 + 3,90 deposit) and three crates returned (-11,70): 3,90 out of the drawer.
    const sales = {
      day: day.day,
      revenue: [{ categoryId: 'c1', vatRate: 21, gross: 390 }],
      byMethod: [{ method: 'cash', total: 390 + 390 - 1170, count: 2 }],
      undoneByMethod: [],
      topupsByMethod: [],
      deposits: { charged: 390, chargedUnits: 1, returned: 1170, returnedUnits: 3 },
    };
    const entry = buildJournal({ ...day, sales, postings: { day: day.day, byKind: [] } });
    expect(sum(entry.lines.map((l) => l.amount))).toBe(0);
    const deposits = entry.lines.filter((l) => l.ledgerId === 'deposits');
    expect(deposits.map((l) => [l.description, l.amount])).toEqual([
      ['Deposits charged (1)', -390],
      ['Deposits returned (3)', 1170],
    ]);
    expect(entry.lines.find((l) => l.ledgerId === 'cash')!.amount).toBe(-390);
    expect(-sum(entry.lines.filter((l) => l.ledgerId === 'sales' || l.ledgerId === 'vat').map((l) => l.amount))).toBe(390);
  });

  it('takes the VAT out of a gross amount, rounded to the cent, also for refunds', () => {
    expect(vatOf(121, 21)).toBe(21);
    expect(vatOf(250, 9)).toBe(21);
    expect(vatOf(-250, 9)).toBe(-21);
    expect(vatOf(500, 0)).toBe(0);
  });
});

describe('the journal as CSV', () => {
  it('writes one line per entry line, with a decimal point by default and a decimal comma and ; for nl', () => {
    const entry = buildJournal(day);
    const en = journalCsv([entry], 'en').trim().split('\r\n');
    expect(en).toHaveLength(entry.lines.length + 1);
    expect(en[0]).toBe('date,reference,ledger,code,description,vat_rate,debit,credit');
    expect(en).toContain('2026-11-24,Kassa 2026-11-24,Sales,8000,"Revenue Bier, 21% VAT",21,,10.00');
    const nl = journalCsv([entry], 'nl').trim().split('\r\n');
    expect(nl).toContain('2026-11-24;Kassa 2026-11-24;Sales;8000;Revenue Bier, 21% VAT;21;;10,00');
    expect(nl).toContain('2026-11-24;Kassa 2026-11-24;Cash box;1000;Sales paid by cash (3);;10,00;');
  });
});
