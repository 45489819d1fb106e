/** The checkout service's sales records, for the ledger audit's tests that compare them with the ledger. */
export { transactionModel } from '@kassa/checkout/src/models/transaction.model';
