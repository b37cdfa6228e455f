import { describe, expect, it } from 'vitest';
import type { StudentOutcome, SubjectMarkInput } from './scheme';
import { withSubjectsTaken } from './subjects-taken';

const complete: StudentOutcome = {
  subjectCount: 2,
  totalMarks: 130,
  meanMark: 65,
  totalPoints: 6,
  meanPoints: 3,
  meanGrade: 'ME',
  countedSubjectIds: [1, 2],
  status: 'complete',
  reason: null,
};
const input = (subjectId: number, mark: SubjectMarkInput['mark']): SubjectMarkInput => ({
  subjectId,
  code: String(subjectId),
  group: 'other',
  mark,
  grade: null,
  points: null,
});
const examined = new Map([
  [1, 'English'],
  [2, 'Chemistry'],
  [3, 'Core Mathematics'],
]);

describe('withSubjectsTaken', () => {
  it('makes a learner incomplete when a subject they take was examined and has no mark', () => {
    const outcome = withSubjectsTaken(complete, [input(1, 60), input(2, 70)], [1, 2, 3], examined);
    expect(outcome).toMatchObject({ status: 'incomplete', reason: 'No mark in Core Mathematics' });
    expect(outcome.meanMark).toBe(65);
    expect(outcome.meanGrade).toBeNull();
  });

  it('asks for no subject the learner does not take, nor one the exam did not examine', () => {
    const inputs = [input(1, 60), input(2, 70)];
    expect(withSubjectsTaken(complete, inputs, [1, 2], examined)).toBe(complete);
    expect(withSubjectsTaken(complete, inputs, [1, 2, 9], examined)).toBe(complete);
    expect(withSubjectsTaken(complete, inputs, null, examined)).toBe(complete);
  });

  it('counts an absence (X) as a mark entered, and leaves a withheld result withheld', () => {
    const inputs = [input(1, 60), input(2, 70), input(3, 'X')];
    expect(withSubjectsTaken(complete, inputs, [1, 2, 3], examined)).toBe(complete);
    const withheld = { ...complete, status: 'withheld' as const, reason: 'Y' };
    expect(withSubjectsTaken(withheld, [input(1, 60)], [1, 2, 3], examined)).toBe(withheld);
  });
});
