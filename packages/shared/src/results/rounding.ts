/**
 * Rounds half away from zero to `decimals` places, the way a person rounds by hand: 79.5 → 80,
 * 1.005 → 1.01, -0.425 → -0.43. Multiplying first (1.005 * 100 = 100.49999…) would round binary
 * noise the wrong way, so the product is cut to 15 significant digits before rounding.
 */
export function roundHalfUp(value: number, decimals = 0): number {
  // Most marks and totals are whole: nothing to round (and toPrecision is slow on a list of
  // thousands of marks).
  if (Number.isInteger(value)) return value === 0 ? 0 : value;
  const factor = 10 ** decimals;
  const scaled = Number((Math.abs(value) * factor).toPrecision(15));
  const rounded = Math.round(scaled) / factor;
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}
