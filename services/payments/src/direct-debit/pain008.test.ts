import { describe, expect, it } from 'vitest';
import { centsText, checkTotals, PAIN_FORMATS, sepaText, writePain008, type PainDebit, type PainFormat, type PainInput } from './pain008';
import { schemaErrors } from './testing/xsd-check';

// Like the demo's credit accounts below zero, with the names outside the SEPA character set.
const DEMO: [string, number][] = [
  ['Emma de Boer', 1250],
  ['Ivo van Leeuwen', 4320],
  ['Lars Smits', 890],
  ['Nina Hermans', 2075],
  ['Stijn Kuipers', 315],
  ['Zoë Verhoeven', 1001],
  ['Émile Prins', 333],
  ['Ömer Kaya', 7],
  ['@Bestuur & Co', 10],
];
const IBANS = ['NL91ABNA0417164300', 'NL20INGB0001234567', 'NL39RABO0300065264', 'DE89370400440532013000', 'BE68539007547034'];
const BICS = ['ABNANL2A', 'INGBNL2A', 'RABONL2U', 'COBADEFFXXX', 'GEBABEBB'];

function batch(format: PainFormat, msgId = 'DD0123456789abcdef01234567'): PainInput {
  const debits: PainDebit[] = DEMO.map(([name, amount], i) => ({
    txId: String(i + 1),
    endToEndId: `${msgId}.${i + 1}`,
    name,
    iban: IBANS[i % IBANS.length]!,
    bic: BICS[i % BICS.length]!,
    mandateId: `KASSA-${String(i).padStart(24, 'A')}`,
    mandateSignedAt: '2025-09-01',
    amount,
    remittance: 'Kassa balance up to 24-11-2026',
  }));
  return {
    format,
    msgId,
    createdAt: new Date('2026-11-25T14:03:07Z'),
    collectionDate: '2026-12-01',
    creditor: { name: 'Studievereniging Zoë', iban: 'NL91ABNA0417164300', bic: 'ABNANL2A', creditorId: 'NL28ZZZ401234560000' },
    debits,
  };
}

const between = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]);

describe('pain.008 files', () => {
  it.each(PAIN_FORMATS)('%s with demo-like debits is valid against the official XSD', (format) => {
    const xml = writePain008(batch(format));
    expect(schemaErrors(format, xml)).toEqual([]);
    // The check can fail: a file without its message id is refused.
    expect(schemaErrors(format, xml.replace(/<MsgId>[^<]*<\/MsgId>/, ''))).not.toEqual([]);
    expect(xml).toContain(`xmlns="urn:iso:std:iso:20022:tech:xsd:${format}"`);
  });

  it.each(PAIN_FORMATS)('%s: NbOfTxs and CtrlSum are the count and the sum in cents', (format) => {
    const input = batch(format);
    const xml = writePain008(input);
    const cents = input.debits.reduce((s, d) => s + d.amount, 0);
    expect(cents).toBe(10_201);
    expect(between(xml, 'NbOfTxs')).toEqual(['9', '9']);
    expect(between(xml, 'CtrlSum')).toEqual(['102.01', '102.01']);
    expect(between(xml, 'EndToEndId')).toHaveLength(9);
  });

  it('writes names outside the SEPA character set transliterated', () => {
    const xml = writePain008(batch('pain.008.001.02'));
    const names = between(xml, 'Nm');
    expect(names).toEqual(expect.arrayContaining(['Zoe Verhoeven', 'Emile Prins', 'Omer Kaya', 'Bestuur + Co', 'Studievereniging Zoe']));
    for (const n of names) expect(n).toMatch(/^[A-Za-z0-9/\-?:().,'+ ]+$/);
  });

  it('is the same, byte for byte, every time it is written from the same batch', () => {
    expect(writePain008(batch('pain.008.001.02'))).toBe(writePain008(batch('pain.008.001.02')));
  });

  it('adds 300 small amounts to exactly their sum in cents (the library adds floats; the file says the cents)', () => {
    const input = batch('pain.008.001.02');
    input.debits = Array.from({ length: 300 }, (_, i) => ({ ...input.debits[0]!, txId: String(i + 1), endToEndId: `E${i}`, amount: 10 + (i % 7) }));
    const xml = writePain008(input);
    expect(between(xml, 'CtrlSum')).toEqual([centsText(input.debits.reduce((s, d) => s + d.amount, 0)), centsText(input.debits.reduce((s, d) => s + d.amount, 0))]);
  });

  it('fails loudly when a total in the file differs from the count or the sum in cents', () => {
    const xml = writePain008(batch('pain.008.001.02'));
    expect(() => checkTotals(xml, 9, 10_201)).not.toThrow();
    expect(() => checkTotals(xml.replace('<CtrlSum>102.01</CtrlSum>', '<CtrlSum>102.00999999</CtrlSum>'), 9, 10_201)).toThrow(/CtrlSum/);
    expect(() => checkTotals(xml, 9, 10_200)).toThrow(/CtrlSum/);
    expect(() => checkTotals(xml, 8, 10_201)).toThrow(/NbOfTxs/);
  });
});

describe('sepaText', () => {
  it('transliterates and keeps only the SEPA character set', () => {
    expect(sepaText('Zoë')).toBe('Zoe');
    expect(sepaText('Émile')).toBe('Emile');
    expect(sepaText('Ömer')).toBe('Omer');
    expect(sepaText('Umut Yılmaz')).toBe('Umut Yilmaz');
    expect(sepaText('Straße')).toBe('Strasse');
    expect(sepaText('@Barcommissie')).toBe('Barcommissie');
    expect(sepaText('x'.repeat(80))).toHaveLength(70);
  });

  it('writes cents as euros without floating point', () => {
    expect(centsText(7)).toBe('0.07');
    expect(centsText(19_201)).toBe('192.01');
    expect(centsText(100_000_000_000)).toBe('1000000000.00');
  });
});
