/** The SEPA Core mandate wording a member agrees to with a credit account. */
export const SEPA_MANDATE_TEXT =
  'By requesting a credit account you authorise the association to send instructions to your bank to debit your ' +
  'account each month with the negative balance of your Kassa account, and your bank to debit your account in ' +
  'accordance with those instructions. As part of your rights, you are entitled to a refund from your bank under the ' +
  'terms and conditions of your agreement with your bank. A refund must be claimed within 8 weeks starting from the ' +
  'date on which your account was debited.';
