import { notYourClassMessage } from '@shule/shared/teaching';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { teachingAssignments } from '../../db/schema/index';
import { expectStatus, teacherOf, useTestApp } from '../../test/app';
import { admitFixture, createClassFixture } from '../../test/fixtures';

const { t, schools, call, create } = useTestApp('Moi Forces Academy', 'Lenana School');
const [ours, theirs] = schools;

/**
 * A teacher leads Form 1, teaches Mathematics in Form 2 and has nothing to do with Form 3:
 * they read the students of the first two only, and never the school's learner-record file.
 */
describe('what a teacher reads of the students', () => {
  let form1: number;
  let form2: number;
  let form3: number;
  let inForm3: number;
  let inForm1: number;
  let teacher: Awaited<ReturnType<typeof teacherOf>>;
  beforeAll(async () => {
    form1 = (await createClassFixture(t.app, ours, 'Form 1')).id;
    form2 = (await createClassFixture(t.app, ours, 'Form 2')).id;
    form3 = (await createClassFixture(t.app, ours, 'Form 3')).id;
    inForm1 = (await admitFixture(t.app, ours, form1, { first_name: 'Amina' })).id;
    await admitFixture(t.app, ours, form2, { first_name: 'Baraka' });
    inForm3 = (await admitFixture(t.app, ours, form3, { first_name: 'Chebet' })).id;
    const maths = await create(ours, '/api/grades/subjects/', {
      name: 'Mathematics',
      code: 'MAT',
      classes: [form2],
    });
    teacher = await teacherOf(t.app, ours.schoolId, [{ classId: form2, subjectId: maths.id }]);
    await expectStatus(
      call('PATCH', `/api/classes/${form1}/`, ours.auth, { class_teacher: teacher.teacherId }),
      200,
    );
  });

  const list = (auth: Record<string, string>, classId: number) =>
    call('GET', `/api/students/get_students/${classId}/${ours.schoolId}/`, auth);
  const names = async (auth: Record<string, string>, classId: number) =>
    (await expectStatus(list(auth, classId), 200))
      .json()
      .students.map((s: { first_name: string }) => s.first_name);

  it('lists the classes they lead or teach, and all classes as theirs alone', async () => {
    expect(await names(teacher.auth, form1)).toEqual(['Amina']);
    expect(await names(teacher.auth, form2)).toEqual(['Baraka']);
    expect(await names(teacher.auth, 0)).toEqual(['Amina', 'Baraka']);
    expect((await list(teacher.auth, 0)).json().total).toBe(2);
    expect(await names(ours.auth, 0)).toEqual(['Amina', 'Baraka', 'Chebet']);
  });

  it('refuses another class of the school (403) and another school’s (403 or 404)', async () => {
    await expectStatus(list(teacher.auth, form3), 403, notYourClassMessage);
    const theirClass = (await createClassFixture(t.app, theirs, 'Form 1')).id;
    expect([403, 404]).toContain((await list(teacher.auth, theirClass)).statusCode);
    await expectStatus(list({}, form1), 401);
  });

  it('reads a student of their classes, not one of another class', async () => {
    await expectStatus(call('GET', `/api/students/${inForm1}/`, teacher.auth), 200);
    await expectStatus(
      call('GET', `/api/students/${inForm3}/`, teacher.auth),
      403,
      notYourClassMessage,
    );
    await expectStatus(call('GET', `/api/students/${inForm3}/`, ours.auth), 200);
  });

  it('a teacher with no class reads no student', async () => {
    const idle = await teacherOf(t.app, ours.schoolId);
    expect(await names(idle.auth, 0)).toEqual([]);
    await expectStatus(list(idle.auth, form1), 403, notYourClassMessage);
    await expectStatus(call('GET', `/api/students/${inForm1}/`, idle.auth), 403);
  });

  it('an ended assignment no longer opens its class', async () => {
    const maths2 = await create(ours, '/api/grades/subjects/', {
      name: 'Chemistry',
      code: 'CHE',
      classes: [form3],
    });
    const leaving = await teacherOf(t.app, ours.schoolId, [
      { classId: form3, subjectId: maths2.id },
    ]);
    expect(await names(leaving.auth, form3)).toEqual(['Chebet']);
    await t.app.db
      .update(teachingAssignments)
      .set({ endedAt: new Date() })
      .where(and(eq(teachingAssignments.teacherId, leaving.teacherId)));
    await expectStatus(list(leaving.auth, form3), 403);
  });

  it('the students file (csv and NEMIS) is an admin’s: a teacher gets 403', async () => {
    for (const format of ['csv', 'nemis']) {
      const url = `/api/students/export/?format=${format}&class=${form1}`;
      await expectStatus(call('GET', url, teacher.auth), 403, 'Only admin accounts can do that');
      await expectStatus(call('GET', url, ours.auth), 200);
    }
  });
});
