import { unmappedMessage, type AdminLedger } from '@kassa/contracts';
import { AppError, localDay } from '@kassa/service-kit';

export const TIME_ZONE = 'Europe/Amsterdam';

/** Refuses with the list of what to map: every ledger without an accounting code. */
export function assertMapped(ledgers: { id: string; name: string }[]): void {
  if (ledgers.length === 0) return;
  throw new AppError(
    409,
    'conflict',
    unmappedMessage(ledgers),
    ledgers.map((l) => ({ loc: ['ledgers', l.id], msg: `${l.name} has no accounting code.`, type: 'value_error' })),
  );
}

export const unmappedOf = (ledgers: AdminLedger[]) => ledgers.filter((l) => !l.code).map((l) => ({ id: l.id, name: l.name }));

/** Only closed days are booked: today's sales are still coming in, and a booked entry never changes. */
export function assertClosed(end: string, now: Date): void {
  const today = localDay(now, TIME_ZONE);
  if (end >= today) {
    const msg = 'Only closed days can be booked: choose yesterday or earlier.';
    throw new AppError(422, 'validation_error', msg, [{ loc: ['body', 'end'], msg, type: 'value_error' }]);
  }
}
