/** What a page posts to the service worker it is not controlled by yet, asking to be taken over (clients.claim). */
export const CLAIM_MESSAGE = 'kassa-claim';
