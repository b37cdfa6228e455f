import type { FeeStructure } from '@shule/shared/fee-structures';
import { createFeeCategoryBody, type FeeCategory } from '@shule/shared/fee-structures';
import { formatKes, kesInputField } from '@shule/shared/fees';
import { z } from 'zod';

/**
 * The 'Add Fee Category' form: the category's fields and, for
 * the term on screen, a ticked flag and an amount in shillings per class of the school. Name and
 * duration are required; an amount is asked only of a ticked class.
 */
export const feeCategoryFormSchema = createFeeCategoryBody
  .extend({
    lines: z.array(
      z.object({
        class: z.number(),
        checked: z.boolean(),
        amount: z.string(),
        /** Billed to students: fixed, sent back as it is. */
        billed_cents: z.number().nullable(),
      }),
    ),
  })
  .superRefine((form, ctx) => {
    form.lines.forEach((line, i) => {
      if (!line.checked || line.billed_cents !== null) return;
      const parsed = kesInputField.safeParse(line.amount);
      if (!parsed.success) {
        ctx.addIssue({
          code: 'custom',
          path: ['lines', i, 'amount'],
          message: parsed.error.issues[0]?.message ?? 'Enter an amount',
        });
      }
    });
  })
  .transform(({ lines, ...category }) => ({
    category,
    amounts: lines
      .filter((l) => l.checked)
      .map((l) => ({
        class: l.class,
        amount_cents: l.billed_cents ?? (kesInputField.parse(l.amount) as number),
      })),
  }));
export type FeeCategoryForm = z.input<typeof feeCategoryFormSchema>;
export type FeeCategoryValues = z.output<typeof feeCategoryFormSchema>;

/** Cents as the amount input shows them: "12500" or "12500.50" (no grouping to edit around). */
export const kesInputText = (cents: number) =>
  formatKes(cents).replaceAll(',', '').replace(/\.00$/, '');

/** The form of a new category, or of `editing`, with a line per class of the term's structure. */
export function feeCategoryDefaults(
  structure: FeeStructure | undefined,
  editing: FeeCategory | null,
): FeeCategoryForm {
  const lineOf = (classId: number) =>
    editing
      ? structure?.amounts.find((a) => a.category === editing.id && a.class === classId)
      : undefined;
  return {
    name: editing?.name ?? '',
    applies_to: editing?.applies_to ?? 'all',
    duration: editing?.duration ?? ('' as FeeCategoryForm['duration']),
    vote_head: editing?.vote_head ?? 'tuition',
    description: editing?.description ?? '',
    lines: (structure?.classes ?? []).map((c) => {
      const line = lineOf(c.id);
      return {
        class: c.id,
        checked: line !== undefined,
        amount: line ? kesInputText(line.amount_cents) : '',
        billed_cents: line && line.billed_students > 0 ? line.amount_cents : null,
      };
    }),
  };
}
