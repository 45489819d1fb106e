import { AccountType } from '@kassa/contracts';
import { Schema, Types, type Connection, type InferSchemaType } from 'mongoose';

const accountSchema = new Schema(
  {
    name: { type: String, required: true, trim: true },
    type: { type: String, enum: AccountType.options, default: 'member' },
    /** Direct debit ("SEPA"): may go below zero and is collected monthly. */
    creditAccount: { type: Boolean, default: false },
    /** Cents the credit account may go below zero; null: the settings' `creditLimit` holds. */
    creditLimit: { type: Number, default: null },
    iban: { type: String, default: null },
    bic: { type: String, default: null },
    /** SEPA mandate of a credit account: its id and the day it was signed. */
    mandateId: { type: String, default: null },
    mandateSignedAt: { type: String, default: null },
    /** The holder's date of birth (YYYY-MM-DD), recorded where the age check asks for it (setting ageCheck 'account'). */
    dateOfBirth: { type: String, default: null },
    /**
     * A tab (event or external accounts, docs/decisions.md "Tabs"): sales are taken without balance down to minus
     * `tabLimit` cents (null: no limit, chosen on purpose), it is invoiced to `invoiceName` at `invoiceAddress`, and it
     * is never in a direct-debit batch (a tab is never a credit account).
     */
    tab: { type: Boolean, default: false },
    tabLimit: { type: Number, default: null },
    invoiceName: { type: String, default: null },
    invoiceAddress: { type: String, default: null },
    /** The last direct debit the bank reversed (credit was switched off then): the member's page tells them. */
    directDebitFailure: {
      type: new Schema({ at: { type: Date, required: true }, amount: { type: Number, required: true }, batchId: { type: String, required: true } }, { _id: false }),
      default: null,
    },
    /**
     * A payout approved and not yet booked (its id): the account takes no purchase and no top-up at the bar until the
     * payout is booked or cancelled, so the file never pays more than the balance (issue 48 §4, payouts/payouts.ts).
     */
    payoutFrozen: { type: String, default: null },
    /** Set when an admin closed the account: the till no longer lists it and the ledger takes no postings. */
    closedAt: { type: Date, default: null },
    /** HMAC-SHA256 of the PIN with the server pepper and `pinSalt` (docs/decisions.md). */
    pinHash: { type: String, default: null },
    pinSalt: { type: String, default: null },
    lastUsed: { type: Date, default: null },
    userId: { type: Types.ObjectId, default: null },
    /**
     * CACHE of the ledger head (balanceAfter and seq of the posting with the highest seq), written together after
     * each posting. Lists read it; money decisions only use it as a guess that the (accountId, seq) index checks.
     */
    balance: { type: Number, default: 0 },
    headSeq: { type: Number, default: 0 },
  },
  { timestamps: true },
);
accountSchema.index({ userId: 1 });
// The direct-debit batch asks for the credit accounts.
accountSchema.index({ creditAccount: 1 });

export type AccountDoc = InferSchemaType<typeof accountSchema>;
export const accountModel = (db: Connection) => db.model('Account', accountSchema);
