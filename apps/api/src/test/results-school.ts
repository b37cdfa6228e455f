import type { Mark } from '@shule/shared/results/marks';
import { expect } from 'vitest';
import { teachers, users } from '../db/schema/index';
import { bearerOf, expectStatus, type SignedInSchool, uniquePhone, type useTestApp } from './app';
import { insertStudent } from './seed';

/** What the results tests need of useTestApp. */
type Api = Pick<ReturnType<typeof useTestApp>, 't' | 'call' | 'create'>;

/** Marks by subject code; null removes the mark. */
export type Marks<Code extends string> = Partial<Record<Code, Mark | null>>;

/**
 * A school on the one-click KCSE scale with a Form 4 of two streams (4 East, 4 West) and
 * `codes` as subjects (named by their codes) taught in them and in `alsoTaughtIn`; marks are
 * saved through the API by code, and students admitted by first name.
 */
export async function kcseForm4<Code extends string>(
  { t, call, create }: Api,
  who: SignedInSchool,
  codes: readonly Code[],
  alsoTaughtIn: number[] = [],
) {
  await expectStatus(call('POST', '/api/grades/grades/kcse/', who.auth), 201);
  const stream = async (name: string) =>
    (await create(who, '/api/classes/', { name, level: 'Form 4' })).class.id as number;
  const east = await stream('4 East');
  const west = await stream('4 West');
  const subjectIds = {} as Record<Code, number>;
  for (const code of codes) {
    subjectIds[code] = (
      await create(who, '/api/grades/subjects/', {
        name: code,
        code,
        classes: [east, west, ...alsoTaughtIn],
      })
    ).id;
  }
  const saveMarks = async (student: number, examId: number, marks: Marks<Code>) => {
    const subject_marks = Object.fromEntries(
      Object.entries(marks).map(([code, mark]) => [subjectIds[code as Code], mark]),
    );
    await expectStatus(
      call('POST', '/api/grades/student_subject_grades/', who.auth, {
        student,
        exam: examId,
        subject_marks,
      }),
      200,
    );
  };
  const admit = (first: string, classId: number) =>
    insertStudent(t.app, who.schoolId, classId, { first, last: 'Test' });
  return { east, west, subjectIds, saveMarks, admit };
}

/** A teacher of the school, made class teacher of `classId`, signed in. */
export async function signedInClassTeacher({ t, call }: Api, who: SignedInSchool, classId: number) {
  const [user] = await t.app.db
    .insert(users)
    .values({
      schoolId: who.schoolId,
      firstName: 'Class',
      lastName: 'Teacher',
      username: `ct${who.schoolId}`,
      phoneNumber: uniquePhone(),
      passwordHash: 'x',
    })
    .returning({ id: users.id });
  const [teacher] = await t.app.db
    .insert(teachers)
    .values({ schoolId: who.schoolId, userId: user!.id })
    .returning({ id: teachers.id });
  const res = await call('PATCH', `/api/classes/${classId}/`, who.auth, {
    class_teacher: teacher!.id,
  });
  expect(res.statusCode, res.body).toBe(200);
  return bearerOf(t.app, user!.id, who.schoolId, 'teacher');
}
