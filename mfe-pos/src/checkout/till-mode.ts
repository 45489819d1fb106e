import { hasAllCapabilities, selectCapabilities, type RootState } from '@kassa/api-client';

/** Bar mode: staff sell from any member's account without a PIN, and a card payment waits in the pending bar. */
export const barMode = (state: RootState) => hasAllCapabilities(selectCapabilities(state), ['PAYMENT_ACCOUNT_OTHER']);
/** Whether the till offers to undo a sale. */
export const mayUndo = (state: RootState) => hasAllCapabilities(selectCapabilities(state), ['PAYMENT_UNDO']);
