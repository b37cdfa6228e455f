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
  const product = Math.abs(value) * factor;
  // Cutting to 15 digits moves a product below 1e8 by less than 1e-7: it can only change the
  // rounding of one within 1e-6 of a half, so the others skip the (slow) toPrecision.
  const fraction = product - Math.floor(product);
  const scaled =
    product < 1e8 && Math.abs(fraction - 0.5) > 1e-6 ? product : Number(product.toPrecision(15));
  const rounded = Math.round(scaled) / factor;
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}
