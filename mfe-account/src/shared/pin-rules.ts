import { Pin } from '@kassa/contracts';

export const PIN_MISMATCH = 'The two PIN codes are not the same.';

/** SPEC 5's message for a PIN (the contract's own schema, so client and server say the same), or null. */
export function pinError(pin: string): string | null {
  const parsed = Pin.safeParse(pin);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Please enter a pin code.');
}

export function pinErrors(pin: string, repeat: string): { pin: string | null; repeat: string | null } {
  const first = pinError(pin);
  return { pin: first, repeat: first === null && pin !== repeat ? PIN_MISMATCH : null };
}
