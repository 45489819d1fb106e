const euros = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' });

/** Cents as the client shows them (€ 10,00), for messages and the stand-in bank page. */
export const formatEuros = (cents: number): string => euros.format(cents / 100);
