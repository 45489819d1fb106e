import { createAction } from '@reduxjs/toolkit';
import type { KassaError } from './kassa-error';

/** Dispatched by the base query when the server refuses the stored token; the shell shows the error, then logs out. */
export const invalidTokenReceived = createAction<KassaError>('session/invalidTokenReceived');
