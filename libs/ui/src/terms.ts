/** SPEC 1 "Terms and conditions summary": the conditions dialog, the about page and account setup show it. */
export const TERMS_TITLE = 'Terms and conditions';

export const TERMS_POINTS = [
  'Balance on your account is not refunded while you are studying.',
  'An account that is not used for more than 1 year may be closed; its positive balance then expires.',
  'Credit (direct debit) accounts may go below zero; the balance is debited monthly.',
  'When a direct debit fails, credit is switched off and you must top up manually within a month.',
  'Changes to these terms are announced 14 days ahead, followed by a 14-day period to object.',
] as const;

export const TERMS_TEXT = [
  'To use Kassa you need to accept these terms:',
  '',
  ...TERMS_POINTS.map((p) => `• ${p}`),
  '',
  'Refusing the terms logs you out.',
].join('\n');
