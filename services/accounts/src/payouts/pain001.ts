import { calendarDate, checkTotals, dutchWallClock, sepaText } from '@kassa/service-kit/sepa-file';
import { Document } from 'sepa';

export const PAYOUT_FORMAT = 'pain.001.001.03';

export interface PainTransfer {
  /** Unique within the file (the line number): the library makes InstrId from it. */
  txId: string;
  endToEndId: string;
  /** The account holder the IBAN belongs to. */
  name: string;
  iban: string;
  /** Cents, above zero. */
  amount: number;
  remittance: string;
}

export interface PayoutFileInput {
  msgId: string;
  /** The file's creation: CreDtTm (Dutch wall-clock time), so the same file is always the same bytes. */
  createdAt: Date;
  /** The day the bank is asked to pay (YYYY-MM-DD). */
  executionDate: string;
  /** The association's own account, which pays. */
  debtor: { name: string; iban: string; bic: string };
  transfers: PainTransfer[];
}

/**
 * A pain.001.001.03 (SEPA credit transfer) file written by the `sepa` library: one payment block from the
 * association's account, batch booking, the BIC of each payee left out (IBAN-only, as SEPA allows since 2016). The
 * library adds amounts as floating-point euros: NbOfTxs and CtrlSum are checked against the cents, and a difference
 * throws.
 */
export function writePain001(input: PayoutFileInput): string {
  const doc = new Document(PAYOUT_FORMAT);
  doc.grpHdr.id = input.msgId;
  doc.grpHdr.created = dutchWallClock(input.createdAt);
  doc.grpHdr.initiatorName = sepaText(input.debtor.name);

  const info = doc.createPaymentInfo();
  info.id = 'P';
  info.batchBooking = true;
  info.requestedExecutionDate = calendarDate(input.executionDate);
  info.debtorName = sepaText(input.debtor.name);
  info.debtorIBAN = input.debtor.iban;
  info.debtorBIC = input.debtor.bic;
  doc.addPaymentInfo(info);

  for (const t of input.transfers) {
    const tx = info.createTransaction();
    tx.id = t.txId;
    tx.end2endId = t.endToEndId;
    tx.creditorName = sepaText(t.name);
    tx.creditorIBAN = t.iban;
    tx.amount = t.amount / 100;
    tx.currency = 'EUR';
    tx.remittanceInfo = sepaText(t.remittance, 140);
    info.addTransaction(tx);
  }

  const xml = doc.toString();
  checkTotals(xml, input.transfers.length, input.transfers.reduce((s, t) => s + t.amount, 0));
  return xml;
}
