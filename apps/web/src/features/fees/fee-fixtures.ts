import type { FeeCategory, FeeStructure, FeeStructureLine } from '@shule/shared/fee-structures';
import type { Term } from '@shule/shared/terms';

/** Test data of the fee screens: school 7's terms, classes and categories. */
export const term = (id: number, name: string, changes: Partial<Term> = {}): Term => ({
  id,
  name,
  start_date: '2026-04-27',
  end_date: '2026-08-07',
  status: 'Ongoing',
  academic_year: { id: 1, name: '2026' },
  school: 7,
  ...changes,
});

export const category = (id: number, name: string, changes: Partial<FeeCategory> = {}) =>
  ({
    id,
    name,
    applies_to: 'all',
    duration: 'termly',
    vote_head: 'tuition',
    description: null,
    structure_lines: 0,
    billed_students: 0,
    ...changes,
  }) satisfies FeeCategory;

export const line = (
  id: number,
  categoryId: number,
  classId: number,
  amountCents: number,
  billed = 0,
): FeeStructureLine => ({
  id,
  category: categoryId,
  class: classId,
  amount_cents: amountCents,
  billed_students: billed,
});

/** Term 2 2026 of two classes (4 East, 4 West) with the categories and lines given. */
export const structureOf = (
  categories: FeeCategory[],
  amounts: FeeStructureLine[],
  termRow: Term = term(2, 'Term 2'),
): FeeStructure => ({
  term: {
    id: termRow.id,
    name: termRow.name,
    start_date: termRow.start_date,
    end_date: termRow.end_date,
    academic_year: termRow.academic_year,
  },
  classes: [
    { id: 4, name: '4 East', level: 'Form 4' },
    { id: 5, name: '4 West', level: 'Form 4' },
  ],
  categories,
  amounts,
  class_totals: [4, 5].map((classId) => {
    const sum = amounts.filter((a) => a.class === classId).reduce((s, a) => s + a.amount_cents, 0);
    return { class: classId, new_cents: sum, old_cents: sum };
  }),
  billed_students: Math.max(0, ...amounts.map((a) => a.billed_students)),
});
