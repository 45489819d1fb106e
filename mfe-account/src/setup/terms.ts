/**
 * SPEC 1 "Terms and conditions summary", as the shell's conditions dialog and about page show it (a remote cannot
 * import the shell; keep the two in step).
 */
export const TERMS_POINTS = [
  'Balance on your account is not refunded while you are studying.',
  'An account that is not used for more than 1 year may be closed; its positive balance then expires.',
  'Credit (direct debit) accounts may go below zero; the balance is debited monthly.',
  'When a direct debit fails, credit is switched off and you must top up manually within a month.',
  'Changes to these terms are announced 14 days ahead, followed by a 14-day period to object.',
] as const;

/** The SEPA Core mandate wording a member agrees to with a credit account. */
export const SEPA_MANDATE_TEXT =
  'By requesting a credit account you authorise the association to send instructions to your bank to debit your ' +
  'account each month with the negative balance of your Kassa account, and your bank to debit your account in ' +
  'accordance with those instructions. As part of your rights, you are entitled to a refund from your bank under the ' +
  'terms and conditions of your agreement with your bank. A refund must be claimed within 8 weeks starting from the ' +
  'date on which your account was debited.';
