import {
  type PromotionPreview,
  targetNotEmptyMessage,
  targetOfSameLevelMessage,
} from '@shule/shared/promotion';
import { todayIn } from '@shule/shared/school-time';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, studentSubjects, students } from '../../db/schema/index';
import { authAs, expectStatus, type SignedInSchool, useTestApp } from '../../test/app';
import { insertStudent } from '../../test/seed';

const { t, call, create, newSchool } = useTestApp();

/** Form 1 East/West (2 + 1 students, one left), Form 2 East/West (empty), Form 4 (1 student). */
async function school() {
  const who = await newSchool();
  const cls = async (name: string, level: string) =>
    (await create(who, '/api/classes/', { name, level })).class.id as number;
  const f = {
    who,
    east1: await cls('1 East', 'Form 1'),
    west1: await cls('1 West', 'Form 1'),
    east2: await cls('Form 2 East', 'Form 2'),
    west2: await cls('Form 2 West', 'Form 2'),
    form4: await cls('Form 4', 'Form 4'),
  };
  const s = {
    amani: await insertStudent(t.app, who.schoolId, f.east1, { first: 'Amani' }),
    baraka: await insertStudent(t.app, who.schoolId, f.east1, { first: 'Baraka' }),
    chebet: await insertStudent(t.app, who.schoolId, f.west1, { first: 'Chebet' }),
    gone: await insertStudent(t.app, who.schoolId, f.west1, { first: 'Gone' }),
    daudi: await insertStudent(t.app, who.schoolId, f.form4, { first: 'Daudi' }),
  };
  await expectStatus(
    call('POST', `/api/students/${s.gone}/leave/`, who.auth, {
      date: todayIn(),
      reason: 'dropped_out',
    }),
    200,
  );
  return { ...f, ...s };
}

const preview = (who: SignedInSchool | { auth: Record<string, string> }, level: string) =>
  call('GET', `/api/classes/promotion/?level=${encodeURIComponent(level)}`, who.auth);
const promote = (who: { auth: Record<string, string> }, body: object) =>
  call('POST', '/api/classes/promotion/', who.auth, body);
const classOf = async (id: number) =>
  (await t.app.db.select().from(students).where(eq(students.id, id)))[0]!;

describe('GET /api/classes/promotion/', () => {
  it('suggests the class of the same stream in the next level, with the active students', async () => {
    const f = await school();
    const res = await expectStatus(preview(f.who, 'Form 1'), 200);
    const body = res.json() as PromotionPreview;
    expect(body).toMatchObject({
      level: 'Form 1',
      next_level: 'Form 2',
      classes: [
        { id: f.east1, name: '1 East', students: 2, target: { id: f.east2 }, alumni: false },
        { id: f.west1, name: '1 West', students: 1, target: { id: f.west2 }, alumni: false },
      ],
    });
    expect(body.targets.map((c) => c.id)).toEqual([f.east2, f.west2, f.form4]);
    const last = (await expectStatus(preview(f.who, 'Form 4'), 200)).json() as PromotionPreview;
    expect(last).toMatchObject({
      next_level: null,
      classes: [{ id: f.form4, students: 1, target: null, alumni: true }],
    });
  });

  it('404 for a level no class has, 400 without one, 403 for a teacher, 401 without token', async () => {
    const f = await school();
    await expectStatus(preview(f.who, 'Form 9'), 404, 'No class has the level Form 9');
    await expectStatus(
      call('GET', '/api/classes/promotion/', f.who.auth),
      400,
      'Level is required',
    );
    const teacher = { auth: await authAs(t.app, f.who.schoolId, 'teacher') };
    await expectStatus(preview(teacher, 'Form 1'), 403);
    await expectStatus(call('GET', '/api/classes/promotion/?level=Form 1', {}), 401);
  });
});

describe('POST /api/classes/promotion/', () => {
  it('moves every active student of each class, and sends the last level to alumni', async () => {
    const f = await school();
    const mat = (
      await create(f.who, '/api/grades/subjects/', {
        name: 'Mathematics',
        code: 'MAT',
        classes: [f.east1, f.east2],
      })
    ).id as number;
    const agr = (
      await create(f.who, '/api/grades/subjects/', {
        name: 'Agriculture',
        code: 'AGR',
        classes: [f.east1],
      })
    ).id as number;
    await expectStatus(
      call('PATCH', `/api/students/${f.amani}/`, f.who.auth, { subjects: [mat] }),
      200,
    );
    await expectStatus(
      call('PATCH', `/api/students/${f.baraka}/`, f.who.auth, { subjects: [agr] }),
      200,
    );
    const alumni = await expectStatus(
      promote(f.who, { level: 'Form 4', moves: [{ from: f.form4, to: null }] }),
      200,
    );
    expect(alumni.json()).toEqual({ moved: 0, alumni: 1, message: '1 student left as alumni.' });
    expect(await classOf(f.daudi)).toMatchObject({
      isActive: false,
      leftOn: todayIn(),
      leftReason: 'completed',
      classId: f.form4,
    });

    const res = await expectStatus(
      promote(f.who, {
        level: 'Form 1',
        moves: [
          { from: f.east1, to: f.east2 },
          { from: f.west1, to: f.west2 },
        ],
      }),
      200,
    );
    expect(res.json()).toEqual({
      moved: 3,
      alumni: 0,
      message: 'Moved 3 students to their new classes.',
    });
    expect((await classOf(f.amani)).classId).toBe(f.east2);
    expect((await classOf(f.chebet)).classId).toBe(f.west2);
    // The student who left stays where they were.
    expect((await classOf(f.gone)).classId).toBe(f.west1);
    // Agriculture is not taught in Form 2 East: Baraka's own list falls back to the class's.
    const own = await t.app.db
      .select({ student: studentSubjects.studentId, subject: studentSubjects.subjectId })
      .from(studentSubjects)
      .where(eq(studentSubjects.schoolId, f.who.schoolId));
    expect(own).toEqual([{ student: f.amani, subject: mat }]);
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, f.who.schoolId), eq(auditLog.action, 'students_promoted')));
    expect(audit).toHaveLength(2);
  });

  it('refuses a target of the same level or still holding students (409), and moves nobody', async () => {
    const f = await school();
    await expectStatus(
      promote(f.who, { level: 'Form 1', moves: [{ from: f.east1, to: f.west1 }] }),
      409,
      targetOfSameLevelMessage('1 West', 'Form 1'),
    );
    await expectStatus(
      promote(f.who, {
        level: 'Form 1',
        moves: [
          { from: f.west1, to: f.west2 },
          { from: f.east1, to: f.form4 },
        ],
      }),
      409,
      targetNotEmptyMessage('Form 4', 1, 'Form 4'),
    );
    expect((await classOf(f.chebet)).classId).toBe(f.west1);
  });

  it('answers 400 for bad input, 404 for another school’s class, 403 teacher, 401', async () => {
    const f = await school();
    const other = await school();
    for (const [body, message] of [
      [{ level: 'Form 1', moves: [] }, 'Choose where each class goes'],
      [{ level: 'Form 1' }, 'Choose where each class goes'],
      [{ level: '', moves: [{ from: f.east1, to: null }] }, 'Level is required'],
      [
        {
          level: 'Form 1',
          moves: [
            { from: f.east1, to: null },
            { from: f.east1, to: f.east2 },
          ],
        },
        'Each class may be promoted once',
      ],
      [{ level: 'Form 1', moves: [{ from: f.east2, to: null }] }, 'Form 2 East is not of Form 1'],
    ] as const) {
      await expectStatus(promote(f.who, body), 400, message);
    }
    await expectStatus(
      promote(f.who, { level: 'Form 1', moves: [{ from: other.east1, to: f.east2 }] }),
      404,
      'Class not found',
    );
    await expectStatus(
      promote(f.who, { level: 'Form 1', moves: [{ from: f.east1, to: other.east2 }] }),
      404,
      'Class not found',
    );
    const body = { level: 'Form 1', moves: [{ from: f.east1, to: f.east2 }] };
    const teacher = { auth: await authAs(t.app, f.who.schoolId, 'teacher') };
    await expectStatus(promote(teacher, body), 403);
    await expectStatus(promote({ auth: {} }, body), 401);
    expect((await classOf(f.amani)).classId).toBe(f.east1);
  });
});
