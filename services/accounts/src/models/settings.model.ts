import { Schema, type Connection, type InferSchemaType } from 'mongoose';

export const SETTINGS_KEY = 'global';

/** The one settings document (unique `key`), read by GET /api/config/ and changed by admins. */
const settingsSchema = new Schema(
  {
    key: { type: String, required: true, default: SETTINGS_KEY },
    aprilFoolsEnabled: { type: Boolean, default: true },
    posWrappedAvailable: { type: Boolean, default: false },
    /** The live transactions slide (a public screen) shows members' first names beside their drinks: off unless chosen. */
    slideShowsNames: { type: Boolean, default: false },
    requireTfa: { type: Boolean, default: false },
    requireSettingAccountPin: { type: Boolean, default: false },
    /** Smallest top-up in cents. */
    accountUpgradeMinAmount: { type: Number, default: 500 },
    /** Cents a credit account may go below zero unless the account has its own limit (€ 150,00). */
    creditLimit: { type: Number, default: 15_000 },
    /** The lowest balance an offline till may take a prepaid account to (€ 0,00: an offline sale never overdraws). */
    offlinePrepaidFloor: { type: Number, default: 0 },
    /** A correction of more than this many cents (either way) needs a second admin's approval (issue 50 §5; € 50,00). */
    fourEyesAboveCents: { type: Number, default: 5000 },
    /** 'ask': the till asks staff to confirm the buyer is 18 or older for an order with an 18+ product ('off': never). */
    ageCheck: { type: String, enum: ['off', 'ask'], default: 'off' },
    /** A cash sale at a register without an open shift is taken (false: "open a shift first"). */
    cashWithoutShift: { type: Boolean, default: true },
    /** A shift closed with a cash difference of more than this many cents (either way) needs a note (€ 5,00). */
    shiftNoteAbove: { type: Number, default: 500 },
    /** SEPA pre-notification period in days before a debit's collection date (issue 48 §2; 14, at least 1). */
    prenotificationDays: { type: Number, default: 14 },
    /** Reminders to a member who still owes after a failed direct debit: days after the failure (issue 48 §3). */
    debitReminderDays: { type: Number, default: 7 },
    debitSecondReminderDays: { type: Number, default: 21 },
    /** Fines on a debt after a failed debit (issue 48 §3): off by default, as an association decides in its terms. */
    fineMode: { type: String, enum: ['off', 'fixed', 'percent'], default: 'off' },
    fineAmount: { type: Number, default: 500 },
    finePercent: { type: Number, default: 5 },
    finePeriodDays: { type: Number, default: 30 },
    fineCap: { type: Number, default: 2_500 },
    /** Raised when the conditions (terms) change; users then accept again. */
    conditionsVersion: { type: Number, default: 1 },
    /**
     * New terms announced ahead (SPEC 1: 14 days): from `effectiveOn` (a local day) `version` is the terms in force and
     * everyone accepts them again; members were mailed when they were announced.
     */
    termsAnnouncement: {
      type: new Schema({ version: { type: Number, required: true }, effectiveOn: { type: String, required: true }, summary: { type: String, required: true }, announcedAt: { type: Date, required: true }, told: { type: Number, required: true } }, { _id: false }),
      default: null,
    },
    /** The association as SEPA creditor (direct debit): '' until the treasurer fills them in. */
    creditorName: { type: String, default: '' },
    creditorIban: { type: String, default: '' },
    creditorBic: { type: String, default: '' },
    creditorId: { type: String, default: '' },
    /** The association as the sender of invoices (checkout prints it; empty until an administrator sets it). */
    invoiceSender: {
      name: { type: String, default: '' },
      address: { type: String, default: '' },
      vatNumber: { type: String, default: '' },
      kvkNumber: { type: String, default: '' },
      iban: { type: String, default: '' },
      email: { type: String, default: '' },
    },
  },
  { timestamps: true },
);
settingsSchema.index({ key: 1 }, { unique: true });

export type SettingsDoc = InferSchemaType<typeof settingsSchema>;
export const settingsModel = (db: Connection) => db.model('Settings', settingsSchema);
