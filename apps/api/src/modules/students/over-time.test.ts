import { todayIn } from '@shule/shared/school-time';
import { STUDENT_MESSAGES, type StudentDetail } from '@shule/shared/students';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, studentSubjects, students } from '../../db/schema/index';
import { authAs, expectStatus, useTestApp } from '../../test/app';
import { admitFixture, createClassFixture } from '../../test/fixtures';

const { t, call, create, newSchool } = useTestApp('Moi Forces Academy');

const patch = (who: { auth: Record<string, string> } | null, id: number, body: object) =>
  call('PATCH', `/api/students/${id}/`, who?.auth ?? {}, body);
const leave = (who: { auth: Record<string, string> } | null, id: number, body: object) =>
  call('POST', `/api/students/${id}/leave/`, who?.auth ?? {}, body);
const rejoin = (who: { auth: Record<string, string> } | null, id: number) =>
  call('POST', `/api/students/${id}/rejoin/`, who?.auth ?? {});

/** A school with Form 1 East and Form 2 East and one student in Form 1 East. */
async function school() {
  const who = await newSchool();
  const east1 = await createClassFixture(t.app, who, 'Form 1 East');
  const east2 = await createClassFixture(t.app, who, 'Form 2 East');
  const amani = await admitFixture(t.app, who, east1.id, { first_name: 'Amani' });
  return { who, east1: east1.id, east2: east2.id, amani: amani.id };
}

const auditActions = async (schoolId: number, studentId: number) =>
  (
    await t.app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, schoolId), eq(auditLog.subjectId, studentId)))
  ).map((r) => r.action);

const yesterday = () => {
  const d = new Date(`${todayIn()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

describe('PATCH /api/students/{id}/ (names, birth date, gender, class)', () => {
  it('changes the names, birth date and gender and moves the student, with an audit entry', async () => {
    const s = await school();
    const res = await expectStatus(
      patch(s.who, s.amani, {
        first_name: ' Amina ',
        last_name: 'Wekesa',
        date_of_birth: '2011-02-03',
        gender: 'other',
        class: s.east2,
      }),
      200,
    );
    const detail = res.json() as StudentDetail;
    expect(detail).toMatchObject({
      first_name: 'Amina',
      last_name: 'Wekesa',
      date_of_birth: '2011-02-03',
      gender: 'other',
      _class: { id: s.east2, name: 'Form 2 East' },
      is_active: true,
      left_on: null,
      left_reason: null,
    });
    expect(await auditActions(s.who.schoolId, s.amani)).toEqual(['student_changed']);
    // The results details alone are no identity change: no entry.
    await expectStatus(patch(s.who, s.amani, { entry_marks: 350 }), 200);
    expect(await auditActions(s.who.schoolId, s.amani)).toEqual(['student_changed']);
  });

  it('drops the subjects of the own list not taught in the new class', async () => {
    const s = await school();
    const subject = async (name: string, code: string, classes: number[]) =>
      (await create(s.who, '/api/grades/subjects/', { name, code, classes })).id as number;
    const mat = await subject('Mathematics', 'MAT', [s.east1, s.east2]);
    const eng = await subject('English', 'ENG', [s.east1, s.east2]);
    const agr = await subject('Agriculture', 'AGR', [s.east1]);
    await expectStatus(patch(s.who, s.amani, { subjects: [mat, agr] }), 200);
    const moved = await expectStatus(patch(s.who, s.amani, { class: s.east2 }), 200);
    expect((moved.json() as StudentDetail).subjects).toEqual([mat]);
    // Sent together, the subjects are checked against the new class.
    await expectStatus(patch(s.who, s.amani, { class: s.east1, subjects: [agr, eng] }), 200);
    const own = await t.app.db
      .select({ id: studentSubjects.subjectId })
      .from(studentSubjects)
      .where(eq(studentSubjects.studentId, s.amani));
    expect(own.map((r) => r.id).sort()).toEqual([eng, agr].sort());
    await expectStatus(
      patch(s.who, s.amani, { class: s.east2, subjects: [agr] }),
      400,
      'Choose subjects taught in Form 2 East',
    );
  });

  it('answers 400 with the field for bad input, and changes nothing', async () => {
    const s = await school();
    for (const [body, field, message] of [
      [{ first_name: '' }, 'first_name', 'First name is required'],
      [{ gender: 'boy' }, 'gender', STUDENT_MESSAGES.gender],
      [{ date_of_birth: '2100-01-01' }, 'date_of_birth', STUDENT_MESSAGES.futureBirth],
      [{ class: 'x' }, 'class', STUDENT_MESSAGES.chooseClass],
    ] as const) {
      const res = await expectStatus(patch(s.who, s.amani, body), 400, message);
      expect(res.json().errors[field]).toEqual([message]);
    }
    const [row] = await t.app.db.select().from(students).where(eq(students.id, s.amani));
    expect(row).toMatchObject({ firstName: 'Amani', classId: s.east1 });
  });

  it('another school’s class or student is not found (404); teacher 403; no token 401', async () => {
    const s = await school();
    const other = await school();
    await expectStatus(patch(s.who, s.amani, { class: other.east1 }), 404, 'Class not found');
    await expectStatus(patch(s.who, other.amani, { first_name: 'Juma' }), 404, 'Student not found');
    const teacher = { auth: await authAs(t.app, s.who.schoolId, 'teacher') };
    await expectStatus(patch(teacher, s.amani, { first_name: 'Juma' }), 403);
    await expectStatus(patch(null, s.amani, { first_name: 'Juma' }), 401);
  });
});

describe('POST /api/students/{id}/leave/ and /rejoin/', () => {
  it('marks a student as left with the day and reason, and rejoins them', async () => {
    const s = await school();
    const left = await expectStatus(
      leave(s.who, s.amani, { date: todayIn(), reason: 'transferred' }),
      200,
    );
    expect(left.json()).toMatchObject({
      is_active: false,
      left_on: todayIn(),
      left_reason: 'transferred',
    });
    await expectStatus(
      leave(s.who, s.amani, { date: todayIn(), reason: 'other' }),
      409,
      STUDENT_MESSAGES.alreadyLeft,
    );
    await expectStatus(patch(s.who, s.amani, { class: s.east2 }), 409, STUDENT_MESSAGES.hasLeft);
    // A left student's names may still be put right.
    await expectStatus(patch(s.who, s.amani, { last_name: 'Kiprop' }), 200);
    const back = await expectStatus(rejoin(s.who, s.amani), 200);
    expect(back.json()).toMatchObject({ is_active: true, left_on: null, left_reason: null });
    await expectStatus(rejoin(s.who, s.amani), 409, STUDENT_MESSAGES.notLeft);
    expect(await auditActions(s.who.schoolId, s.amani)).toEqual([
      'student_left',
      'student_changed',
      'student_rejoined',
    ]);
  });

  it('refuses a day in the future, before the admission, or a reason not in the list (400)', async () => {
    const s = await school();
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    for (const [body, field, message] of [
      [{ date: tomorrow, reason: 'other' }, 'date', STUDENT_MESSAGES.futureLeave],
      [{ date: '2026-02-30', reason: 'other' }, 'date', 'Date must be a date (yyyy-mm-dd)'],
      [{ date: todayIn(), reason: 'expelled' }, 'reason', STUDENT_MESSAGES.leaveReason],
      [{ reason: 'other' }, 'date', 'Date is required'],
      [
        { date: yesterday(), reason: 'other' },
        'date',
        `The day a student left cannot be before they were admitted (${todayIn()})`,
      ],
    ] as const) {
      const res = await expectStatus(leave(s.who, s.amani, body), 400, message);
      expect(res.json().errors[field]).toEqual([message]);
    }
    const [row] = await t.app.db.select().from(students).where(eq(students.id, s.amani));
    expect(row).toMatchObject({ isActive: true, leftOn: null });
  });

  it('another school’s student 404; teacher 403; no token 401', async () => {
    const s = await school();
    const other = await school();
    const body = { date: todayIn(), reason: 'other' };
    await expectStatus(leave(s.who, other.amani, body), 404, 'Student not found');
    await expectStatus(rejoin(s.who, other.amani), 404, 'Student not found');
    const teacher = { auth: await authAs(t.app, s.who.schoolId, 'teacher') };
    await expectStatus(leave(teacher, s.amani, body), 403);
    await expectStatus(rejoin(teacher, s.amani), 403);
    await expectStatus(leave(null, s.amani, body), 401);
    await expectStatus(rejoin(null, s.amani), 401);
  });
});

describe('left students in the lists and counts', () => {
  async function withOneLeft() {
    const s = await school();
    const baraka = await admitFixture(t.app, s.who, s.east1, { first_name: 'Baraka' });
    await expectStatus(leave(s.who, baraka.id, { date: todayIn(), reason: 'dropped_out' }), 200);
    return { ...s, baraka: baraka.id };
  }
  const names = (res: { json: () => { students: { first_name: string }[] } }) =>
    res.json().students.map((r) => r.first_name);

  it('lists active students by default, the left ones with status=left, both with all', async () => {
    const s = await withOneLeft();
    const list = (status: string) =>
      expectStatus(
        call('GET', `/api/students/get_students/0/${s.who.schoolId}/${status}`, s.who.auth),
        200,
      );
    expect(names(await list(''))).toEqual(['Amani']);
    expect(names(await list('?status=active'))).toEqual(['Amani']);
    const left = await list('?status=left');
    expect(names(left)).toEqual(['Baraka']);
    expect(left.json().students[0]).toMatchObject({
      is_active: false,
      left_on: todayIn(),
      left_reason: 'dropped_out',
    });
    expect(left.json().total).toBe(1);
    expect(names(await list('?status=all'))).toEqual(['Amani', 'Baraka']);
    await expectStatus(
      call('GET', `/api/students/get_students/0/${s.who.schoolId}/?status=gone`, s.who.auth),
      400,
      'Status must be active, left or all',
    );
    const exported = await expectStatus(
      call('GET', `/api/students/export/?class=${s.east1}&status=left`, s.who.auth),
      200,
    );
    expect(exported.body.split('\r\n').map((line) => line.split(',')[0])).toEqual([
      '\uFEFFfirst_name',
      'Baraka',
      '',
    ]);
  });

  it('counts active students only (the school by gender, the classes)', async () => {
    const s = await withOneLeft();
    const counts = await expectStatus(
      call('GET', `/api/students/count/?school=${s.who.schoolId}`, s.who.auth),
      200,
    );
    expect(counts.json().total).toBe(1);
    const classes = await expectStatus(
      call('GET', `/api/classes/?school=${s.who.schoolId}`, s.who.auth),
      200,
    );
    const east1 = classes.json().classes.find((c: { id: number }) => c.id === s.east1);
    expect(east1.totalStudents).toBe(1);
  });
});
