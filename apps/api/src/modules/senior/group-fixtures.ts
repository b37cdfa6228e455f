import { eq, inArray } from 'drizzle-orm';
import type { App } from '../../app';
import {
  seniorChoices,
  seniorCombinationSubjects,
  seniorCombinations,
  studentSubjects,
  students,
} from '../../db/schema/index';

/**
 * Test rows for teaching groups, put straight into the database: learners of a class, and
 * their choice of a combination (with the combination's electives as their own subjects).
 */

let admission = 0;

/** `count` active learners of `classId`, named "<first> <n>", in one insert. */
export async function insertLearners(
  app: App,
  schoolId: number,
  classId: number,
  count: number,
  first = 'Learner',
) {
  const rows = await app.db
    .insert(students)
    .values(
      Array.from({ length: count }, (_, i) => {
        admission += 1;
        return {
          schoolId,
          classId,
          admissionNumber: `G${process.pid}-${admission}`,
          firstName: first,
          lastName: String(i + 1).padStart(3, '0'),
          dateOfBirth: '2010-05-01',
          gender: i % 2 ? 'female' : 'male',
        };
      }),
    )
    .returning({ id: students.id });
  return rows.map((r) => r.id);
}

/** Each of `studentIds` chooses `combinationId` from `fromDate`. */
export async function chooseCombination(
  app: App,
  schoolId: number,
  combinationId: number,
  studentIds: number[],
  fromDate = '2026-01-05',
) {
  if (studentIds.length === 0) return;
  const [combination] = await app.db
    .select({ pathwayId: seniorCombinations.pathwayId })
    .from(seniorCombinations)
    .where(eq(seniorCombinations.id, combinationId));
  const electives = await app.db
    .select({ subjectId: seniorCombinationSubjects.subjectId })
    .from(seniorCombinationSubjects)
    .where(eq(seniorCombinationSubjects.combinationId, combinationId));
  await app.db.insert(seniorChoices).values(
    studentIds.map((studentId) => ({
      schoolId,
      studentId,
      pathwayId: combination!.pathwayId,
      combinationId,
      mathematics: 'core',
      language: 'KIS',
      fromDate,
      setBy: 0,
    })),
  );
  await app.db.delete(studentSubjects).where(inArray(studentSubjects.studentId, studentIds));
  await app.db
    .insert(studentSubjects)
    .values(
      studentIds.flatMap((studentId) =>
        electives.map((e) => ({ schoolId, studentId, subjectId: e.subjectId })),
      ),
    );
}
