import { classHasMarksMessage, classHasStudentsMessage } from '@shule/shared/classes';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { classes, examScores, exams, students, subjects } from '../../db/schema/index';
import {
  countQueries,
  expectStatus,
  registerSchool,
  type SignedInSchool,
  useTestApp,
} from '../../test/app';
import {
  addTeacherFixture,
  admitFixture,
  createClassFixture,
  signedInTeacher,
} from '../../test/fixtures';
import { insertStudent } from '../../test/seed';

const { t, schools, newSchool } = useTestApp('Kenya High School', 'Starehe Boys Centre');
const [ours, theirs] = schools;

const inject = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  who: SignedInSchool | null,
  payload?: object,
) => t.app.inject({ method, url, headers: who?.auth ?? {}, payload });

async function classExists(id: number) {
  const [row] = await t.app.db.select({ n: count() }).from(classes).where(eq(classes.id, id));
  return row!.n === 1;
}

describe('POST /api/classes/', () => {
  it('creates a class (201) with zero counts and no teacher, trimming the name', async () => {
    const ours = await newSchool();
    const res = await inject('POST', `/api/classes/?school=${ours.schoolId}`, ours, {
      name: '  Form 1 East ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      class: {
        id: expect.any(Number),
        name: 'Form 1 East',
        level: null,
        school: ours.schoolId,
        totalStudents: 0,
        boys: 0,
        girls: 0,
        class_teacher: null,
        classTeacher: null,
      },
    });
  });

  it('requires a name (400 with the field message)', async () => {
    for (const payload of [{}, { name: '' }, { name: '   ' }]) {
      const res = await inject('POST', '/api/classes/', ours, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'Class name is required',
        errors: { name: ['Class name is required'] },
      });
    }
  });

  it('refuses a name already used in the school, whatever its case (409)', async () => {
    await createClassFixture(t.app, ours, 'Form 2 West');
    const res = await inject('POST', '/api/classes/', ours, { name: 'form 2 west' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("A class named 'form 2 west' already exists");
    // Another school may use the same name.
    await createClassFixture(t.app, theirs, 'Form 2 West');
  });

  it('refuses another school (403), a teacher (403) and no token (401)', async () => {
    const other = await inject('POST', `/api/classes/?school=${theirs.schoolId}`, ours, {
      name: 'Sneaky',
    });
    expect(other.statusCode).toBe(403);
    const teacher = await signedInTeacher(t.app, ours);
    await expectStatus(inject('POST', '/api/classes/', teacher, { name: 'Sneaky' }), 403);
    await expectStatus(inject('POST', '/api/classes/', null, { name: 'Sneaky' }), 401);
    const [row] = await t.app.db
      .select({ n: count() })
      .from(classes)
      .where(eq(classes.name, 'Sneaky'));
    expect(row!.n).toBe(0);
  });
});

describe('GET /api/classes/', () => {
  it('counts each class’s students, boys and girls, in one query however many classes', async () => {
    const school = await registerSchool(t.app, 'Counting Academy');
    const a = await createClassFixture(t.app, school, 'Grade 4');
    const b = await createClassFixture(t.app, school, 'Grade 5');
    const c = await createClassFixture(t.app, school, 'Grade 6');
    await admitFixture(t.app, school, a.id, { gender: 'male' });
    await admitFixture(t.app, school, a.id, { gender: 'male' });
    await admitFixture(t.app, school, a.id, { gender: 'female' });
    await admitFixture(t.app, school, b.id, { gender: 'other' });
    await admitFixture(t.app, school, b.id, { gender: 'female' });

    let body: { classes: { id: number; totalStudents: number; boys: number; girls: number }[] } = {
      classes: [],
    };
    const queries = await countQueries(t.app, async () => {
      const res = await inject('GET', `/api/classes/?school=${school.schoolId}`, school);
      expect(res.statusCode).toBe(200);
      body = res.json();
    });
    expect(queries).toBe(1);
    expect(body.classes.map((k) => [k.id, k.totalStudents, k.boys, k.girls])).toEqual([
      [a.id, 3, 2, 1],
      [b.id, 2, 0, 1],
      [c.id, 0, 0, 0],
    ]);

    // Still one query with more classes.
    for (let i = 7; i <= 12; i += 1) await createClassFixture(t.app, school, `Grade ${i}`);
    const more = await countQueries(t.app, () =>
      inject('GET', `/api/classes/?school=${school.schoolId}`, school),
    );
    expect(more).toBe(1);
  });

  it('lists only the caller’s school and refuses another school parameter (403)', async () => {
    await createClassFixture(t.app, ours, 'Form 2 North');
    await createClassFixture(t.app, theirs, 'Form 2 North');
    const res = await inject('GET', `/api/classes/?school=${ours.schoolId}`, ours);
    expect(res.statusCode).toBe(200);
    const names = res.json().classes.map((k: { name: string }) => k.name);
    expect(names).toContain('Form 2 North');
    expect(res.json().classes.every((k: { school: number }) => k.school === ours.schoolId)).toBe(
      true,
    );
    await expectStatus(inject('GET', `/api/classes/?school=${theirs.schoolId}`, ours), 403);
    await expectStatus(inject('GET', '/api/classes/', null), 401);
  });

  it('still answers ?count=true with {count}', async () => {
    const theirs = await newSchool();
    await createClassFixture(t.app, theirs, 'Form 1');
    const res = await inject('GET', `/api/classes/?school=${theirs.schoolId}&count=true`, theirs);
    expect(res.json()).toEqual({ count: 1 });
  });

  it('is readable by the school’s teachers', async () => {
    await createClassFixture(t.app, ours, 'Form 1 Central');
    const teacher = await signedInTeacher(t.app, ours);
    const res = await inject('GET', '/api/classes', teacher);
    expect(res.statusCode).toBe(200);
    expect(res.json().classes.length).toBeGreaterThan(0);
  });
});

describe('PATCH /api/classes/{id}/', () => {
  it('renames a class and answers the updated class', async () => {
    const k = await createClassFixture(t.app, ours, 'Form 3 Nort');
    const res = await inject('PATCH', `/api/classes/${k.id}/`, ours, { name: 'Form 3 North' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...k, name: 'Form 3 North' });
  });

  it('sets, changes and clears the class teacher from the school’s teachers', async () => {
    const k = await createClassFixture(t.app, ours, 'Form 4 South');
    const { teacher } = await addTeacherFixture(t.app, ours, {
      first_name: 'Wanjiru',
      last_name: 'Kamau',
    });
    const set = await inject('PATCH', `/api/classes/${k.id}`, ours, { class_teacher: teacher.id });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      class_teacher: { id: teacher.id, user: { first_name: 'Wanjiru', last_name: 'Kamau' } },
      classTeacher: teacher.id,
    });
    const listed = (await inject('GET', '/api/classes/', ours)).json().classes;
    expect(listed.find((c: { id: number }) => c.id === k.id).class_teacher.user.first_name).toBe(
      'Wanjiru',
    );

    const cleared = await inject('PATCH', `/api/classes/${k.id}/`, ours, { class_teacher: null });
    expect(cleared.json()).toMatchObject({
      class_teacher: null,
      classTeacher: null,
      name: 'Form 4 South',
    });
  });

  it('refuses another school’s teacher (400) and leaves the class as it was', async () => {
    const k = await createClassFixture(t.app, ours, 'Form 4 East');
    const { teacher } = await addTeacherFixture(t.app, theirs);
    const res = await inject('PATCH', `/api/classes/${k.id}/`, ours, {
      name: 'Renamed',
      class_teacher: teacher.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ class_teacher: ["Choose one of your school's teachers"] });
    const [row] = await t.app.db.select().from(classes).where(eq(classes.id, k.id));
    expect(row).toMatchObject({ name: 'Form 4 East', classTeacherId: null });
  });

  it('400 for an empty name, 409 for a taken one', async () => {
    await createClassFixture(t.app, ours, 'Form 1 South');
    const k = await createClassFixture(t.app, ours, 'Form 1 West');
    const empty = await inject('PATCH', `/api/classes/${k.id}/`, ours, { name: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ name: ['Class name is required'] });
    const taken = await inject('PATCH', `/api/classes/${k.id}/`, ours, { name: 'Form 1 South' });
    expect(taken.statusCode).toBe(409);
    // Renaming to its own name (another case) is no conflict.
    const same = await inject('PATCH', `/api/classes/${k.id}/`, ours, { name: 'FORM 1 WEST' });
    expect(same.statusCode).toBe(200);
  });

  it('another school’s class is not found (404) and unchanged; 401 without token', async () => {
    const theirClass = await createClassFixture(t.app, theirs, 'Their Class');
    const res = await inject('PATCH', `/api/classes/${theirClass.id}/`, ours, { name: 'Mine now' });
    await expectStatus(res, 404, 'Class not found');
    const [row] = await t.app.db.select().from(classes).where(eq(classes.id, theirClass.id));
    expect(row!.name).toBe('Their Class');
    await expectStatus(inject('PATCH', `/api/classes/${theirClass.id}/`, null, { name: 'x' }), 401);
    await expectStatus(inject('PATCH', '/api/classes/abc/', ours, { name: 'x' }), 404, 'Not found');
  });
});

describe('DELETE /api/classes/{id}', () => {
  it('deletes an empty class (204)', async () => {
    const k = await createClassFixture(t.app, ours, 'To Delete');
    const res = await inject('DELETE', `/api/classes/${k.id}`, ours);
    expect(res.statusCode).toBe(204);
    expect(await classExists(k.id)).toBe(false);
  });

  it('refuses a class with students (409, naming how many) and loses nothing', async () => {
    const k = await createClassFixture(t.app, ours, 'Full Class');
    for (let i = 0; i < 3; i += 1) await admitFixture(t.app, ours, k.id);
    const res = await inject('DELETE', `/api/classes/${k.id}/`, ours);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(classHasStudentsMessage(3));
    expect(res.json().message).toBe(
      'This class has 3 students. Move or remove them before deleting the class.',
    );
    expect(await classExists(k.id)).toBe(true);
    const [row] = await t.app.db
      .select({ n: count() })
      .from(students)
      .where(eq(students.classId, k.id));
    expect(row!.n).toBe(3);
  });

  it('refuses a class that holds marks of a past exam, once its students have moved (409)', async () => {
    const k = await createClassFixture(t.app, ours, 'Marked Class');
    const other = await createClassFixture(t.app, ours, 'Next Class');
    const student = await insertStudent(t.app, ours.schoolId, k.id);
    const [subject] = await t.app.db
      .insert(subjects)
      .values({ schoolId: ours.schoolId, name: 'Biology', code: 'BIO' })
      .returning({ id: subjects.id });
    const [exam] = await t.app.db
      .insert(exams)
      .values({
        schoolId: ours.schoolId,
        name: 'Old',
        startDate: '2024-01-01',
        endDate: '2024-01-02',
      })
      .returning({ id: exams.id });
    await t.app.db.insert(examScores).values({
      schoolId: ours.schoolId,
      examId: exam!.id,
      studentId: student,
      subjectId: subject!.id,
      classId: k.id,
      score: 40,
    });
    await t.app.db.update(students).set({ classId: other.id }).where(eq(students.id, student));
    await expectStatus(
      inject('DELETE', `/api/classes/${k.id}/`, ours),
      409,
      classHasMarksMessage('Marked Class'),
    );
    expect(await classExists(k.id)).toBe(true);
  });

  it('another school’s class is not found (404) and kept; teachers 403; 401 without token', async () => {
    const theirClass = await createClassFixture(t.app, theirs, 'Keep Me');
    await expectStatus(inject('DELETE', `/api/classes/${theirClass.id}/`, ours), 404);
    await expectStatus(inject('DELETE', `/api/classes/${theirClass.id}/`, null), 401);
    const teacher = await signedInTeacher(t.app, theirs);
    await expectStatus(inject('DELETE', `/api/classes/${theirClass.id}/`, teacher), 403);
    expect(await classExists(theirClass.id)).toBe(true);
    await expectStatus(inject('DELETE', '/api/classes/999999/', ours), 404);
  });
});
