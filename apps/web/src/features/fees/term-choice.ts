import type { Term } from '@shule/shared/terms';

/** "Term 2 2026": the term's name with its academic year's, unless the name already says it. */
export const termLabel = (term: Pick<Term, 'name' | 'academic_year'>) =>
  term.academic_year && !term.name.includes(term.academic_year.name)
    ? `${term.name} ${term.academic_year.name}`
    : term.name;
