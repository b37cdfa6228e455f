import type { Term } from '@shule/shared/terms';

/**
 * The term a fee screen opens at: the one under way, else the next to start, else the last to
 * end (a school between terms is collecting the one just finished or billing the next).
 */
export function defaultTerm(terms: readonly Term[]): Term | undefined {
  const ongoing = terms.find((t) => t.status === 'Ongoing');
  if (ongoing) return ongoing;
  const byStart = [...terms].sort((a, b) => a.start_date.localeCompare(b.start_date));
  return (
    byStart.find((t) => t.status === 'Upcoming') ??
    byStart.filter((t) => t.status === 'Completed').at(-1) ??
    byStart.at(-1)
  );
}

/** "Term 2 2026": the term's name with its academic year's, unless the name already says it. */
export const termLabel = (term: Pick<Term, 'name' | 'academic_year'>) =>
  term.academic_year && !term.name.includes(term.academic_year.name)
    ? `${term.name} ${term.academic_year.name}`
    : term.name;
