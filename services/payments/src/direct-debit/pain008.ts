import type { Creditor } from '@kassa/contracts';
import anyAscii from 'any-ascii';
import { Document } from 'sepa';

export type PainFormat = 'pain.008.001.02' | 'pain.008.001.08';
export const PAIN_FORMATS: PainFormat[] = ['pain.008.001.02', 'pain.008.001.08'];

export interface PainDebit {
  /** Unique within the file (the line number): the library makes InstrId from it. */
  txId: string;
  endToEndId: string;
  name: string;
  iban: string;
  bic: string;
  mandateId: string;
  mandateSignedAt: string;
  /** Cents, above zero. */
  amount: number;
  remittance: string;
}

export interface PainInput {
  format: PainFormat;
  msgId: string;
  /** The batch's creation: CreDtTm (Dutch wall-clock time), so the same batch always gives the same file. */
  createdAt: Date;
  collectionDate: string;
  creditor: Creditor;
  debits: PainDebit[];
}

/**
 * Text in the SEPA (EPC) Latin character set: letters transliterated to ASCII (Zoë → Zoe, Ömer → Omer, ß → ss), '&'
 * as '+', any other character outside the set as a space; trimmed to `max` characters.
 */
export function sepaText(text: string, max = 70): string {
  const ascii = anyAscii(text.normalize('NFC')).replace(/&/g, '+');
  const clean = ascii.replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ').replace(/\s+/g, ' ').trim();
  return (clean || '-').slice(0, max).trim();
}

/** Integer cents as the file writes euros ("12.50"), without floating point. */
export const centsText = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

const AMSTERDAM = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The library prints a Date's local fields: a Date whose local fields are `at` in Dutch time, whatever TZ says. */
function dutchWallClock(at: Date): Date {
  const parts = Object.fromEntries(AMSTERDAM.formatToParts(at).map((p) => [p.type, Number(p.value)]));
  return new Date(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day, parts.hour, parts.minute, parts.second);
}
const localDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};

/**
 * A pain.008 (SEPA Core direct debit) file written by the `sepa` library: one payment block, sequence RCUR (since
 * November 2016 a first collection may be RCUR too), batch booking. The library adds the amounts as floating-point
 * euros: its NbOfTxs and CtrlSum are checked here against the count and the sum in cents, and a difference throws.
 */
export function writePain008(input: PainInput): string {
  const doc = new Document(input.format);
  doc.grpHdr.id = input.msgId;
  doc.grpHdr.created = dutchWallClock(input.createdAt);
  doc.grpHdr.initiatorName = sepaText(input.creditor.name);

  const info = doc.createPaymentInfo();
  info.id = 'P';
  info.batchBooking = true;
  info.localInstrumentation = 'CORE';
  info.sequenceType = 'RCUR';
  info.collectionDate = localDay(input.collectionDate);
  info.creditorName = sepaText(input.creditor.name);
  info.creditorIBAN = input.creditor.iban;
  info.creditorBIC = input.creditor.bic;
  info.creditorId = input.creditor.creditorId;
  doc.addPaymentInfo(info);

  for (const d of input.debits) {
    const tx = info.createTransaction();
    tx.id = d.txId;
    tx.end2endId = d.endToEndId;
    tx.debtorName = sepaText(d.name);
    tx.debtorIBAN = d.iban;
    tx.debtorBIC = d.bic;
    tx.mandateId = d.mandateId;
    tx.mandateSignatureDate = localDay(d.mandateSignedAt);
    tx.amount = d.amount / 100;
    tx.currency = 'EUR';
    tx.remittanceInfo = sepaText(d.remittance, 140);
    info.addTransaction(tx);
  }

  const xml = doc.toString();
  checkTotals(xml, input.debits.length, input.debits.reduce((s, d) => s + d.amount, 0));
  return xml;
}

/** Every NbOfTxs and CtrlSum in the file must be the batch's count and its sum in cents; throws otherwise. */
export function checkTotals(xml: string, count: number, cents: number): void {
  const sum = centsText(cents);
  const nbOfTxs = [...xml.matchAll(/<NbOfTxs>([^<]*)<\/NbOfTxs>/g)].map((m) => m[1]);
  const ctrlSum = [...xml.matchAll(/<CtrlSum>([^<]*)<\/CtrlSum>/g)].map((m) => m[1]);
  if (nbOfTxs.length === 0 || nbOfTxs.some((n) => n !== String(count)) || ctrlSum.length === 0 || ctrlSum.some((c) => c !== sum)) {
    throw new Error(`pain.008 totals do not match the batch: NbOfTxs ${nbOfTxs.join('/')} and CtrlSum ${ctrlSum.join('/')}, expected ${count} and ${sum}`);
  }
}
