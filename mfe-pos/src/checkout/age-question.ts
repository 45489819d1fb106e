/** Asked once per order holding an 18+ product when the setting ageCheck is 'ask' (alcohol: Dutch law). */
export const AGE_QUESTION = {
  title: 'Leeftijd controleren',
  text: 'Deze bestelling bevat 18+-producten. Is de klant 18 jaar of ouder?',
  yes: 'Ja, 18+',
  no: 'Nee',
  /** Checkout refused the order unconfirmed: the setting was turned on after this till read it. */
  refused: 'De leeftijdscontrole staat nu aan: deze bestelling bevat 18+-producten. Tik opnieuw op betalen en bevestig de leeftijd van de klant.',
};

/**
 * Said instead of opening a cash, card or "other" payment when the setting ageCheck is 'account': 18+ products are sold
 * only on an account whose date of birth (recorded by the board) shows 18 or older; accounts checks it with the sale.
 */
export const AGE_ACCOUNT = {
  title: 'Alleen op rekening',
  text: 'Deze bestelling bevat 18+-producten: die worden alleen verkocht op een rekening met een geboortedatum van 18 jaar of ouder. Reken af op rekening, of haal de 18+-producten uit de bestelling.',
};
