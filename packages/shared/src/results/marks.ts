/**
 * A subject mark: a number from 0 to 100, or one of KNEC's codes. X is absent; Y is an
 * irregularity (the result is withheld). Neither is zero: both are left out of totals and means.
 */
export const MARK_CODES = ['X', 'Y'] as const;
export type MarkCode = (typeof MARK_CODES)[number];
export type Mark = number | MarkCode;

export const MARK_CODE_LABELS: Record<MarkCode, string> = {
  X: 'Absent',
  Y: 'Irregularity (result withheld)',
};

export function isMarkCode(value: unknown): value is MarkCode {
  return typeof value === 'string' && (MARK_CODES as readonly string[]).includes(value);
}

/** A mark the student sat and got a number for (not X or Y). */
export function isNumericMark(mark: Mark): mark is number {
  return typeof mark === 'number' && Number.isFinite(mark);
}
