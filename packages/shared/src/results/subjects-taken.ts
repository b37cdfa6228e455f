import type { StudentOutcome, SubjectMarkInput } from './scheme';

/**
 * A learner with subjects of their own (a senior-school learner's seven) is incomplete when a
 * subject they take was examined but has no mark of theirs: a missing core subject is not
 * silently left out of their mean. A subject they do not take is never missing, and a subject
 * the exam did not examine (no one has a mark in it) is not asked for.
 */
export function withSubjectsTaken(
  outcome: StudentOutcome,
  inputs: readonly SubjectMarkInput[],
  taken: readonly number[] | null,
  examined: ReadonlyMap<number, string>,
): StudentOutcome {
  if (taken === null || outcome.status !== 'complete') return outcome;
  const marked = new Set(inputs.map((i) => i.subjectId));
  const missing = taken.filter((id) => examined.has(id) && !marked.has(id));
  if (missing.length === 0) return outcome;
  return {
    ...outcome,
    totalPoints: null,
    meanPoints: null,
    meanGrade: null,
    countedSubjectIds: [],
    status: 'incomplete',
    reason: `No mark in ${missing.map((id) => examined.get(id)).join(', ')}`,
  };
}
