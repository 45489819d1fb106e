import type { Capability } from '@kassa/contracts';
import { selectCapabilities, selectConfig, selectUser } from './session-slice';
import { useAppSelector } from './store';

/**
 * SPEC 5: a check passes only when every listed capability is held. The same rule as hasCapabilities in
 * @kassa/contracts, repeated here so the shell's first paint does not load the schema library.
 */
export const hasAllCapabilities = (held: readonly string[] | undefined, required: readonly Capability[]): boolean =>
  required.every((c) => held?.includes(c) ?? false);

export const useConfig = () => useAppSelector(selectConfig);

/**
 * How often open screens refresh the configuration and the till its products, accounts and reasons: SPEC's minute
 * (SPEC_REFRESH_MS in @kassa/contracts, repeated here for the same reason as above) unless the server says otherwise
 * (a system started for the end-to-end tests with CLIENT_REFRESH_MS).
 */
export const useRefreshMs = () => useAppSelector((state) => selectConfig(state)?.refreshMs ?? 60_000);
export const useCurrentUser = () => useAppSelector(selectUser);
export const useCapabilities = () => useAppSelector(selectCapabilities);

/** True only when the register holds every listed capability. */
export function useHasCapabilities(...required: Capability[]): boolean {
  const held = useAppSelector(selectCapabilities);
  return hasAllCapabilities(held, required);
}

/**
 * The on-screen keyboard is the till's: a bar tablet without a keyboard of its own, on a register that sells to others.
 * A member paying on /pos from their phone (the Members register: only their own account) types with the phone's own.
 */
export const sellsToOthers = (held: readonly string[] | undefined): boolean => held?.some((c) => c !== 'PAYMENT_ACCOUNT_SELF') ?? false;

/** Whether this register's till offers the on-screen keyboard (SPEC 1: touch devices at the till). */
export const useTillKeyboard = () => sellsToOthers(useAppSelector(selectCapabilities));
