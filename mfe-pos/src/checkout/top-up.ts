/** SPEC 5 / 9: the top-up buttons and the steps they move by, in cents. */
export const TOP_UP_BUTTONS = [-1000, -500, -100, 100, 500, 1000] as const;

/**
 * Moves the new total to the next multiple of the step up or down (€ 3,70 +1 → € 4,00, +5 → € 5,00), never below
 * the original total.
 */
export function stepTotal(current: number, original: number, delta: number): number {
  const step = Math.abs(delta);
  const next = delta > 0 ? Math.floor(current / step) * step + step : Math.ceil(current / step) * step - step;
  return Math.max(original, next);
}

export const topUpLabel = (delta: number) => `${delta > 0 ? '+' : '-'}${Math.abs(delta) / 100}`;
