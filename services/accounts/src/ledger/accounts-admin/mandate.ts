/**
 * The SEPA mandate reference of a credit account made from a request: unique per account, at most 35 characters
 * of the SEPA set, stable (the same account always gets the same reference).
 */
export const mandateIdFor = (accountId: string): string => `KASSA-${accountId.toUpperCase()}`;
