import type { Creditor } from '@kassa/contracts';
import { calendarDate, centsText, checkTotals, dutchWallClock, sepaText } from '@kassa/service-kit/sepa-file';
import { Document } from 'sepa';

export { centsText, checkTotals, sepaText };

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
  info.collectionDate = calendarDate(input.collectionDate);
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
    tx.mandateSignatureDate = calendarDate(d.mandateSignedAt);
    tx.amount = d.amount / 100;
    tx.currency = 'EUR';
    tx.remittanceInfo = sepaText(d.remittance, 140);
    info.addTransaction(tx);
  }

  const xml = doc.toString();
  checkTotals(xml, input.debits.length, input.debits.reduce((s, d) => s + d.amount, 0));
  return xml;
}
