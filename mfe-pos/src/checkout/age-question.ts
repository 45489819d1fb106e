/** Asked once per order holding an 18+ product when the setting ageCheck is 'ask' (alcohol: Dutch law). */
export const AGE_QUESTION = {
  title: 'Leeftijd controleren',
  text: 'Deze bestelling bevat 18+-producten. Is de klant 18 jaar of ouder?',
  yes: 'Ja, 18+',
  no: 'Nee',
  /** Checkout refused the order unconfirmed: the setting was turned on after this till read it. */
  refused: 'De leeftijdscontrole staat nu aan: deze bestelling bevat 18+-producten. Tik opnieuw op betalen en bevestig de leeftijd van de klant.',
};
