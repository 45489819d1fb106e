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
export const useCurrentUser = () => useAppSelector(selectUser);
export const useCapabilities = () => useAppSelector(selectCapabilities);

/** True only when the register holds every listed capability. */
export function useHasCapabilities(...required: Capability[]): boolean {
  const held = useAppSelector(selectCapabilities);
  return hasAllCapabilities(held, required);
}
