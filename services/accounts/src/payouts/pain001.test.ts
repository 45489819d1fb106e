import { schemaErrors } from '@kassa/test-stack/xsd';
import { describe, expect, it } from 'vitest';
import { writePain001, type PayoutFileInput } from './pain001';

const XSD = new URL('./xsd/pain.001.001.03.xsd', import.meta.url);

const input = (over: Partial<PayoutFileInput> = {}): PayoutFileInput => ({
  msgId: 'PO6650a1b2c3d4e5f6a7b8c9d0',
  createdAt: new Date('2026-12-03T22:30:00Z'),
  executionDate: '2026-12-07',
  debtor: { name: 'Studievereniging <Kassa> & Co', iban: 'NL91ABNA0417164300', bic: 'ABNANL2A' },
  transfers: [
    { txId: '1', endToEndId: 'PO6650a1b2c3d4e5f6a7b8c9d0.1', name: 'Zoë O\'Brien & <Ömer> "ß"', iban: 'NL20INGB0001234567', amount: 1250, remittance: 'Uitbetaling saldo Kassa: Zoë & Ömer' },
    { txId: '2', endToEndId: 'PO6650a1b2c3d4e5f6a7b8c9d0.2', name: 'Jan Jansen', iban: 'DE89370400440532013000', amount: 10, remittance: 'Uitbetaling saldo Kassa' },
    { txId: '3', endToEndId: 'PO6650a1b2c3d4e5f6a7b8c9d0.3', name: 'A'.repeat(90), iban: 'BE68539007547034', amount: 99_999, remittance: 'x'.repeat(200) },
  ],
  ...over,
});

describe('pain.001.001.03 payout file', () => {
  it('is valid against the XSD, with names and amounts that need escaping, and its totals are the cents', () => {
    const xml = writePain001(input());
    expect(schemaErrors(XSD, xml)).toEqual([]);
    expect(xml).toContain('<NbOfTxs>3</NbOfTxs>');
    expect(xml).toContain('<CtrlSum>1012.59</CtrlSum>');
    expect(xml).toContain('<InstdAmt Ccy="EUR">12.50</InstdAmt>');
    expect(xml).toContain('<InstdAmt Ccy="EUR">0.10</InstdAmt>');
    expect(xml).toContain('<Nm>Zoe O&apos;Brien + Omer ss</Nm>');
    expect(xml).toContain('<Nm>Studievereniging Kassa + Co</Nm>');
    expect(xml).toContain('<IBAN>NL91ABNA0417164300</IBAN>');
    expect(xml).toContain('<ReqdExctnDt>2026-12-07</ReqdExctnDt>');
    // The association pays: it is the debtor; the members are the creditors.
    expect(xml.indexOf('<Dbtr>')).toBeLessThan(xml.indexOf('<Cdtr>'));
    expect(xml).not.toMatch(/<Nm>A{71,}/);
  });

  it('is the same bytes for the same input', () => {
    expect(writePain001(input())).toBe(writePain001(input()));
  });

  it('writes the exact CtrlSum of many small amounts (the library adds floats; a difference would throw)', () => {
    const many = Array.from({ length: 50 }, (_, i) => ({ txId: String(i + 1), endToEndId: `PO1.${i + 1}`, name: 'N', iban: 'NL20INGB0001234567', amount: 10 + (i % 3) * 10, remittance: 'r' }));
    const xml = writePain001(input({ transfers: many }));
    expect(xml).toContain(`<CtrlSum>${(many.reduce((s, t) => s + t.amount, 0) / 100).toFixed(2)}</CtrlSum>`);
    expect(schemaErrors(XSD, xml)).toEqual([]);
  });
});
