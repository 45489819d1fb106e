import type { AgeCheck, FineMode, InvoiceSender, TermsAnnouncement } from '@kassa/contracts';
import { localDay } from '@kassa/service-kit';
import { isDuplicateKey } from '@kassa/service-kit';
import type { Connection } from 'mongoose';
import { SETTINGS_KEY, settingsModel } from './models/settings.model';

export interface Settings {
  aprilFoolsEnabled: boolean;
  posWrappedAvailable: boolean;
  /** The live transactions slide shows members' first names (off by default: a public screen). */
  slideShowsNames: boolean;
  requireTfa: boolean;
  requireSettingAccountPin: boolean;
  accountUpgradeMinAmount: number;
  conditionsVersion: number;
  /** New terms announced ahead, in force from their day (the version above is then theirs); null: none announced. */
  termsAnnouncement: TermsAnnouncement | null;
  /** Cents a credit account may go below zero unless it has its own limit. */
  creditLimit: number;
  /** The association as SEPA creditor for direct debits ('' when not set). */
  creditorName: string;
  creditorIban: string;
  creditorBic: string;
  creditorId: string;
  invoiceSender: InvoiceSender;
  /** The lowest balance (cents) an offline till may take a prepaid account to. */
  offlinePrepaidFloor: number;
  /** A correction of more than this (cents, either way) needs a second admin's approval. */
  fourEyesAboveCents: number;
  /** Whether the till asks to confirm a buyer's age for an order with an 18+ product. */
  ageCheck: AgeCheck;
  /** A cash sale at a register without an open shift is taken (false: the till opens a shift first). */
  cashWithoutShift: boolean;
  /** A shift's cash difference above this (cents, either way) needs a note. */
  shiftNoteAbove: number;
  /** SEPA pre-notification: members are told of a debit at least this many days before collection. */
  prenotificationDays: number;
  /** Days after a failed direct debit that a member who still owes is reminded (first and second reminder). */
  debitReminderDays: number;
  debitSecondReminderDays: number;
  /** Fines on a debt after a failed debit (fines.ts): off, fixed or percent; per period, capped per failure. */
  fineMode: FineMode;
  fineAmount: number;
  finePercent: number;
  finePeriodDays: number;
  fineCap: number;
}

/**
 * The settings document, created with the defaults the first time it is asked for. The terms in force are those of an
 * announcement whose day has come (`now`, in the association's time zone), else the published version.
 */
export async function getSettings(db: Connection, now = new Date()): Promise<Settings> {
  const Settings = settingsModel(db);
  let doc = await Settings.findOne({ key: SETTINGS_KEY }).lean();
  if (!doc) {
    try {
      await Settings.create({ key: SETTINGS_KEY });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    doc = await Settings.findOne({ key: SETTINGS_KEY }).lean();
  }
  if (!doc) throw new Error('settings document missing after creation');
  const a = doc.termsAnnouncement;
  const announced: TermsAnnouncement | null = a ? { version: a.version, effectiveOn: a.effectiveOn, summary: a.summary, announcedAt: a.announcedAt.toISOString(), told: a.told } : null;
  return {
    aprilFoolsEnabled: doc.aprilFoolsEnabled ?? true,
    posWrappedAvailable: doc.posWrappedAvailable ?? false,
    slideShowsNames: doc.slideShowsNames ?? false,
    requireTfa: doc.requireTfa ?? false,
    requireSettingAccountPin: doc.requireSettingAccountPin ?? false,
    accountUpgradeMinAmount: doc.accountUpgradeMinAmount ?? 500,
    conditionsVersion: Math.max(doc.conditionsVersion ?? 1, announced && localDay(now, 'Europe/Amsterdam') >= announced.effectiveOn ? announced.version : 0),
    termsAnnouncement: announced,
    creditLimit: doc.creditLimit ?? 15_000,
    creditorName: doc.creditorName ?? '',
    creditorIban: doc.creditorIban ?? '',
    creditorBic: doc.creditorBic ?? '',
    creditorId: doc.creditorId ?? '',
    invoiceSender: {
      name: doc.invoiceSender?.name ?? '',
      address: doc.invoiceSender?.address ?? '',
      vatNumber: doc.invoiceSender?.vatNumber ?? '',
      kvkNumber: doc.invoiceSender?.kvkNumber ?? '',
      iban: doc.invoiceSender?.iban ?? '',
      email: doc.invoiceSender?.email ?? '',
    },
    offlinePrepaidFloor: doc.offlinePrepaidFloor ?? 0,
    fourEyesAboveCents: doc.fourEyesAboveCents ?? 5000,
    ageCheck: (doc.ageCheck as AgeCheck | undefined) ?? 'off',
    cashWithoutShift: doc.cashWithoutShift ?? true,
    shiftNoteAbove: doc.shiftNoteAbove ?? 500,
    prenotificationDays: doc.prenotificationDays ?? 14,
    debitReminderDays: doc.debitReminderDays ?? 7,
    debitSecondReminderDays: doc.debitSecondReminderDays ?? 21,
    fineMode: (doc.fineMode as FineMode | undefined) ?? 'off',
    fineAmount: doc.fineAmount ?? 500,
    finePercent: doc.finePercent ?? 5,
    finePeriodDays: doc.finePeriodDays ?? 30,
    fineCap: doc.fineCap ?? 2_500,
  };
}
