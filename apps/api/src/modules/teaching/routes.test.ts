import type { Assignment } from '@shule/shared/teaching';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, teachingAssignments, users } from '../../db/schema/index';
import { expectStatus, type SignedInSchool, teacherOf, useTestApp } from '../../test/app';
import { addTeacherFixture, createClassFixture } from '../../test/fixtures';

const { t, schools, call, create } = useTestApp('Alliance High School', 'Kenya High School');
const [ours, theirs] = schools;

let counter = 0;
/** A class of `school` and a subject taught in it (plus one that is not). */
async function classWithSubject(school: SignedInSchool) {
  counter += 1;
  const cls = await createClassFixture(t.app, school, `Form 2 West ${counter}`);
  const maths = await create(school, '/api/grades/subjects/', {
    name: 'Mathematics',
    code: `MAT${counter}`,
    classes: [cls.id],
  });
  const french = await create(school, '/api/grades/subjects/', {
    name: 'French',
    code: `FRE${counter}`,
  });
  return { cls, maths, french };
}

const assignmentsOf = (teacherId: number) => `/api/staff/teachers/${teacherId}/assignments/`;

describe('POST /api/staff/teachers/{id}/assignments/', () => {
  it('assigns a subject of the class (201), lists it, and records who did it', async () => {
    const { cls, maths } = await classWithSubject(ours);
    const { teacher } = await addTeacherFixture(t.app, ours, {
      first_name: 'Mary',
      last_name: 'Achieng',
    });
    const created: Assignment = await create(ours, assignmentsOf(teacher.id), {
      class: cls.id,
      subject: maths.id,
    });
    expect(created).toEqual({
      id: expect.any(Number),
      teacher: { id: teacher.id, first_name: 'Mary', last_name: 'Achieng' },
      class: { id: cls.id, name: cls.name },
      subject: { id: maths.id, name: 'Mathematics', code: maths.code },
    });
    const [row] = await t.app.db
      .select()
      .from(teachingAssignments)
      .where(eq(teachingAssignments.id, created.id));
    expect(row).toMatchObject({ createdBy: ours.userId, endedAt: null, schoolId: ours.schoolId });
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'teaching_assigned'), eq(auditLog.subjectId, teacher.user.id)),
      );
    expect(audit).toHaveLength(1);

    const listed = await expectStatus(call('GET', assignmentsOf(teacher.id), ours.auth), 200);
    expect(listed.json()).toEqual({ assignments: [created], learning_area_assignments: [] });
    const byClass = await expectStatus(
      call('GET', `/api/classes/${cls.id}/assignments/`, ours.auth),
      200,
    );
    expect(byClass.json()).toEqual({ assignments: [created], learning_area_assignments: [] });
    const list = await expectStatus(
      call('GET', `/api/schools/${ours.schoolId}/teachers/`, ours.auth),
      200,
    );
    const mine = list.json().teachers.find((x: { id: number }) => x.id === teacher.id);
    expect(mine).toMatchObject({
      subject: null,
      is_active: true,
      assignments: [{ id: created.id, class: created.class, subject: created.subject }],
    });
  });

  it('refuses a subject not taught in the class (400 naming both)', async () => {
    const { cls, french } = await classWithSubject(ours);
    const { teacher } = await addTeacherFixture(t.app, ours);
    const res = await expectStatus(
      call('POST', assignmentsOf(teacher.id), ours.auth, { class: cls.id, subject: french.id }),
      400,
      `French is not taught in ${cls.name}: add ${cls.name} to the subject's classes first`,
    );
    expect(res.json().errors.subject).toHaveLength(1);
  });

  it('refuses a pair already assigned (409 naming teacher, subject and class)', async () => {
    const { cls, maths } = await classWithSubject(ours);
    const { teacher } = await addTeacherFixture(t.app, ours, { first_name: 'John' });
    const body = { class: cls.id, subject: maths.id };
    await create(ours, assignmentsOf(teacher.id), body);
    await expectStatus(
      call('POST', assignmentsOf(teacher.id), ours.auth, body),
      409,
      `John Otieno already teaches Mathematics in ${cls.name}`,
    );
    // Two teachers may teach the same subject to one class (a shared load).
    const other = await addTeacherFixture(t.app, ours);
    await create(ours, assignmentsOf(other.teacher.id), body);
  });

  it('refuses a deactivated teacher (409)', async () => {
    const { cls, maths } = await classWithSubject(ours);
    const { teacher } = await addTeacherFixture(t.app, ours, {
      first_name: 'Gone',
      last_name: 'Away',
    });
    await t.app.db
      .update(users)
      .set({ deactivatedAt: new Date() })
      .where(eq(users.id, teacher.user.id));
    await expectStatus(
      call('POST', assignmentsOf(teacher.id), ours.auth, { class: cls.id, subject: maths.id }),
      409,
      'Gone Away is deactivated: activate them before assigning classes',
    );
  });

  it('gives the field messages (400)', async () => {
    const { cls, maths } = await classWithSubject(ours);
    const { teacher } = await addTeacherFixture(t.app, ours);
    const theirClass = await classWithSubject(theirs);
    const cases: [object, string, string][] = [
      [{ subject: maths.id }, 'class', 'Choose a class'],
      [{ class: cls.id }, 'subject', 'Choose a subject'],
      [{ class: 'x', subject: maths.id }, 'class', 'Choose a class'],
      [{ class: theirClass.cls.id, subject: maths.id }, 'class', 'Choose one of your classes'],
      [{ class: cls.id, subject: theirClass.maths.id }, 'subject', 'Choose one of your subjects'],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('POST', assignmentsOf(teacher.id), ours.auth, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[field], JSON.stringify(body)).toEqual([message]);
    }
  });

  it('refuses no token (401), a teacher (403) and another school’s teacher (404)', async () => {
    const { cls, maths } = await classWithSubject(ours);
    const { teacher } = await addTeacherFixture(t.app, ours);
    const body = { class: cls.id, subject: maths.id };
    await expectStatus(call('POST', assignmentsOf(teacher.id), {}, body), 401);
    const asTeacher = await teacherOf(t.app, ours.schoolId, [
      { classId: cls.id, subjectId: maths.id },
    ]);
    await expectStatus(call('POST', assignmentsOf(teacher.id), asTeacher.auth, body), 403);
    await expectStatus(
      call('POST', assignmentsOf(teacher.id), theirs.auth, body),
      404,
      'Teacher not found',
    );
  });
});

describe('GET assignments of a teacher and of a class', () => {
  it('lets a teacher read them, answers 404 for another school and 401 without a token', async () => {
    const { cls, maths } = await classWithSubject(ours);
    const teacher = await teacherOf(t.app, ours.schoolId, [
      { classId: cls.id, subjectId: maths.id },
    ]);
    const mine = await expectStatus(
      call('GET', assignmentsOf(teacher.teacherId), teacher.auth),
      200,
    );
    expect(mine.json().assignments).toMatchObject([
      { teacher: { id: teacher.teacherId }, class: { id: cls.id }, subject: { id: maths.id } },
    ]);
    await expectStatus(call('GET', `/api/classes/${cls.id}/assignments/`, teacher.auth), 200);
    await expectStatus(call('GET', assignmentsOf(teacher.teacherId), theirs.auth), 404);
    await expectStatus(call('GET', `/api/classes/${cls.id}/assignments/`, theirs.auth), 404);
    await expectStatus(call('GET', assignmentsOf(teacher.teacherId), {}), 401);
    await expectStatus(call('GET', `/api/classes/${cls.id}/assignments/`, {}), 401);
  });
});

describe('DELETE /api/staff/teachers/{id}/assignments/{assignment}/', () => {
  it('ends the assignment (204), keeping the row with who ended it', async () => {
    const { cls, maths } = await classWithSubject(ours);
    const { teacher } = await addTeacherFixture(t.app, ours);
    const created: Assignment = await create(ours, assignmentsOf(teacher.id), {
      class: cls.id,
      subject: maths.id,
    });
    const path = `${assignmentsOf(teacher.id)}${created.id}/`;
    await expectStatus(call('DELETE', path, {}), 401);
    const asTeacher = await teacherOf(t.app, ours.schoolId);
    await expectStatus(call('DELETE', path, asTeacher.auth), 403);
    await expectStatus(call('DELETE', path, theirs.auth), 404);

    await expectStatus(call('DELETE', path, ours.auth), 204);
    const [row] = await t.app.db
      .select()
      .from(teachingAssignments)
      .where(eq(teachingAssignments.id, created.id));
    expect(row!.endedBy).toBe(ours.userId);
    expect(row!.endedAt).toBeInstanceOf(Date);
    const listed = await call('GET', assignmentsOf(teacher.id), ours.auth);
    expect(listed.json()).toEqual({ assignments: [], learning_area_assignments: [] });
    // Ended once; and the pair can be assigned again.
    await expectStatus(call('DELETE', path, ours.auth), 404, 'Assignment not found');
    await create(ours, assignmentsOf(teacher.id), { class: cls.id, subject: maths.id });
  });

  it('answers 404 for an assignment of another teacher', async () => {
    const { cls, maths } = await classWithSubject(ours);
    const a = await addTeacherFixture(t.app, ours);
    const b = await addTeacherFixture(t.app, ours);
    const created: Assignment = await create(ours, assignmentsOf(a.teacher.id), {
      class: cls.id,
      subject: maths.id,
    });
    await expectStatus(
      call('DELETE', `${assignmentsOf(b.teacher.id)}${created.id}/`, ours.auth),
      404,
    );
  });
});
