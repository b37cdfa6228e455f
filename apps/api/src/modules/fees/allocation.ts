/**
 * How a student's credits (payments, waivers, discounts, bursaries, capitation, less their
 * reversals) cover their charges in the fee reports: oldest term first, each term's charges
 * (less reversed ones) in full before the next. What is left over is carried forward: it
 * covers no term.
 */
export function allocateCredits(
  chargesByTerm: ReadonlyMap<number, number>,
  credits: number,
  termOrder: readonly number[],
): Map<number, number> {
  const covered = new Map<number, number>();
  let left = Math.max(0, credits);
  const ordered = [
    ...termOrder.filter((id) => chargesByTerm.has(id)),
    ...[...chargesByTerm.keys()].filter((id) => !termOrder.includes(id)),
  ];
  for (const termId of ordered) {
    const charged = Math.max(0, chargesByTerm.get(termId) ?? 0);
    const paid = Math.min(charged, left);
    covered.set(termId, paid);
    left -= paid;
  }
  return covered;
}

/** collected / expected as a percentage with one decimal; 0 when nothing is expected. */
export const percentOf = (collected: number, expected: number) =>
  expected <= 0 ? 0 : Math.round((collected * 1000) / expected) / 10;
