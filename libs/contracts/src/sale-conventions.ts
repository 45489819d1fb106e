/**
 * Conventions the checkout service and the accounts service (its ledger audit) both rely on, kept in one place so
 * they cannot drift apart. Ledger postings are idempotent by key (ARCHITECTURE.md "Money and correctness rules").
 */
export const ledgerKeys = {
  /** A sale's payment from an account: the till's nonce makes a retried checkout a replay, not a second posting. */
  checkout: (nonce: string) => `checkout:${nonce}`,
  /** The top-up a sale carries (cart "Top-up"), credited to the account it names. */
  checkoutTopUp: (nonce: string) => `checkout:${nonce}:topup`,
  /** The reversing posting of an undone sale, by its transaction id. */
  undo: (transactionId: string) => `undo:${transactionId}`,
  /** The reversing posting of an undone sale's top-up. */
  undoTopUp: (transactionId: string) => `undo:${transactionId}:topup`,
  /** An invoice's payment, credited to its account once however often it is marked paid. */
  invoicePaid: (invoiceId: string) => `invoice:${invoiceId}:paid`,
  /** The payment of a credited (reversed) invoice, taken back off its account. */
  invoiceCredited: (invoiceId: string) => `invoice:${invoiceId}:credited`,
  /** A closed shift's cash difference (counted - expected), booked to the system account Cash differences once. */
  shiftDifference: (shiftId: string) => `shift:${shiftId}:difference`,
};

/** Whether a posting key belongs to a sale (its payment, its top-up, or their undo). */
export const isSaleKey = (key: string) => key.startsWith('checkout:') || key.startsWith('undo:');

/** Whether a posting key is a sale's payment or top-up (not an undo). */
export const isCheckoutKey = (key: string) => key.startsWith('checkout:');

/** What a sale asks of its payer: the products plus the top-up it carries, in cents. */
export const amountDue = (sale: { total: number; upgrade?: { amount: number } | null }) => sale.total + (sale.upgrade?.amount ?? 0);
