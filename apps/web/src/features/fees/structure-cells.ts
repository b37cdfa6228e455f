import type { FeeStructure, FeeStructureLineBody } from '@shule/shared/fee-structures';
import { centsFromKes, MAX_AMOUNT_CENTS, MONEY_MESSAGES } from '@shule/shared/fees';
import { kesInputText } from './fee-category-form';

/** One amount box of the grid: a category's amount for a class, as typed. */
export const cellKey = (category: number, classId: number) => `${category}:${classId}`;

/** The grid as the structure holds it: every line's amount as the input shows it. */
export function cellsOf(structure: FeeStructure): Record<string, string> {
  return Object.fromEntries(
    structure.amounts.map((a) => [cellKey(a.category, a.class), kesInputText(a.amount_cents)]),
  );
}

/**
 * The term's lines from what was typed (an empty box is no amount), or each wrong box's message.
 * Checked here as the API checks them, so a mistake is shown beside its box before any call.
 */
export function linesOf(
  termId: number,
  cells: Record<string, string>,
):
  | { ok: true; body: { term: number; amounts: FeeStructureLineBody[] } }
  | { ok: false; errors: Record<string, string> } {
  const amounts: FeeStructureLineBody[] = [];
  const errors: Record<string, string> = {};
  for (const [key, typed] of Object.entries(cells)) {
    if (typed.trim() === '') continue;
    const cents = centsFromKes(typed);
    if (cents === null) errors[key] = MONEY_MESSAGES.amount;
    else if (cents <= 0) errors[key] = MONEY_MESSAGES.positive;
    else if (cents > MAX_AMOUNT_CENTS) errors[key] = MONEY_MESSAGES.tooLarge;
    else {
      const [category, classId] = key.split(':').map(Number) as [number, number];
      amounts.push({ category, class: classId, amount_cents: cents });
    }
  }
  return Object.keys(errors).length > 0
    ? { ok: false, errors }
    : { ok: true, body: { term: termId, amounts } };
}

/** Whether what is typed differs from what is saved (an amount typed alike, "12,500" for "12500", does not). */
export function isChanged(saved: Record<string, string>, typed: Record<string, string>) {
  const keys = new Set([...Object.keys(saved), ...Object.keys(typed)]);
  const value = (s: string | undefined) => (s?.trim() ? (centsFromKes(s) ?? s.trim()) : null);
  return [...keys].some((k) => value(saved[k]) !== value(typed[k]));
}
