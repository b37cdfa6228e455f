import {
  ATTENDANCE_MESSAGES,
  type RegisterBody,
  type RegisterResponse,
  registerResponse,
} from '@shule/shared/attendance';
import { classHasRegistersMessage } from '@shule/shared/classes';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, students } from '../../db/schema/index';
import {
  countQueries,
  expectStatus,
  type SignedInSchool,
  teacherOf,
  useTestApp,
} from '../../test/app';
import { insertClass, insertStudent } from '../../test/seed';
import { insertCurrentTerm, registerDates, setClassTeacher } from './test-school';

const { t, call, newSchool } = useTestApp('Kenya High School');
const dates = registerDates();

const registerUrl = (classId: number, date?: string) =>
  `/api/classes/${classId}/register/${date ? `?date=${date}` : ''}`;

const put = (auth: Record<string, string>, classId: number, date: string, body: RegisterBody) =>
  t.app.inject({ method: 'PUT', url: registerUrl(classId, date), headers: auth, payload: body });

/**
 * A school with a term holding today and Form 2 North: Amina, Baraka, Chebet and Daudi (active),
 * Ekaru (left) and Fatuma (erased), and Form 2 South with Gitau.
 */
async function classesWithRegister(who?: SignedInSchool) {
  const school = who ?? (await newSchool());
  const term = await insertCurrentTerm(t.app, school.schoolId);
  const north = await insertClass(t.app, school.schoolId, 'Form 2 North');
  const south = await insertClass(t.app, school.schoolId, 'Form 2 South');
  const add = (classId: number, first: string) =>
    insertStudent(t.app, school.schoolId, classId, { first, last: 'Kamau' });
  const amina = await add(north, 'Amina');
  const baraka = await add(north, 'Baraka');
  const chebet = await add(north, 'Chebet');
  const daudi = await add(north, 'Daudi');
  const ekaru = await add(north, 'Ekaru');
  const fatuma = await add(north, 'Fatuma');
  const gitau = await add(south, 'Gitau');
  await t.app.db.update(students).set({ isActive: false }).where(eq(students.id, ekaru));
  await t.app.db.update(students).set({ erasedAt: new Date() }).where(eq(students.id, fatuma));
  return { school, term, north, south, amina, baraka, chebet, daudi, ekaru, fatuma, gitau };
}
type ClassesWithRegister = Awaited<ReturnType<typeof classesWithRegister>>;

const fullRegister = (s: ClassesWithRegister): RegisterBody => ({
  entries: [
    { student: s.amina, status: 'present' },
    { student: s.baraka, status: 'absent', note: 'Sick' },
    { student: s.chebet, status: 'late' },
    { student: s.daudi, status: 'excused' },
  ],
});

describe('GET /classes/{id}/register/', () => {
  it("lists the class's active students in name order, unmarked, with the current term", async () => {
    const s = await classesWithRegister();
    const res = await expectStatus(
      call('GET', registerUrl(s.north, dates.schoolDay), s.school.auth),
      200,
    );
    const register = registerResponse.parse(res.json());
    expect(register.class).toEqual({ id: s.north, name: 'Form 2 North' });
    expect(register.date).toBe(dates.schoolDay);
    expect(register.term).toEqual(s.term);
    expect(register.closed_reason).toBeNull();
    expect(register.may_take).toBe(true);
    expect(register.taken_at).toBeNull();
    expect(register.taken_by).toBeNull();
    expect(register.students.map((x) => x.first_name)).toEqual([
      'Amina',
      'Baraka',
      'Chebet',
      'Daudi',
    ]);
    expect(register.students.every((x) => x.status === null && !x.absence_sms_sent)).toBe(true);
    expect(register.counts).toEqual({
      recorded: 0,
      present: 0,
      absent: 0,
      late: 0,
      excused: 0,
      rate: null,
    });
    expect(register.absence_sms).toBeNull();
  });

  it('reads today when no date is given', async () => {
    const s = await classesWithRegister();
    const res = await expectStatus(call('GET', registerUrl(s.north), s.school.auth), 200);
    expect(res.json().date).toBe(dates.today);
  });

  it('says why a day is closed: future, weekend, outside the term, no term', async () => {
    const s = await classesWithRegister();
    const closed = async (date: string, who = s.school) =>
      (await expectStatus(call('GET', registerUrl(s.north, date), who.auth), 200)).json()
        .closed_reason;
    expect(await closed(dates.tomorrow)).toBe(ATTENDANCE_MESSAGES.future);
    expect(await closed(dates.saturday)).toBe(ATTENDANCE_MESSAGES.weekend);
    expect(await closed('2020-01-06')).toBe(ATTENDANCE_MESSAGES.outsideTerm(s.term));
    const holiday = await newSchool();
    const cls = await insertClass(t.app, holiday.schoolId, 'Form 1');
    const res = await expectStatus(
      call('GET', registerUrl(cls, dates.schoolDay), holiday.auth),
      200,
    );
    expect(res.json().term).toBeNull();
    expect(res.json().closed_reason).toBe(ATTENDANCE_MESSAGES.noTerm);
  });

  it('lets any teacher read it, and only the class teacher take it', async () => {
    const s = await classesWithRegister();
    const classTeacher = await teacherOf(t.app, s.school.schoolId);
    const other = await teacherOf(t.app, s.school.schoolId);
    await setClassTeacher(t.app, s.north, classTeacher.teacherId);
    const mayTake = async (auth: Record<string, string>) =>
      (await expectStatus(call('GET', registerUrl(s.north, dates.schoolDay), auth), 200)).json()
        .may_take;
    expect(await mayTake(classTeacher.auth)).toBe(true);
    expect(await mayTake(other.auth)).toBe(false);
  });

  it("answers 401 without a token and 404 for another school's class", async () => {
    const s = await classesWithRegister();
    const theirs = await newSchool();
    await expectStatus(call('GET', registerUrl(s.north), {}), 401);
    await expectStatus(call('GET', registerUrl(s.north), theirs.auth), 404, 'Class not found');
    await expectStatus(call('GET', `${registerUrl(s.north)}?date=2026-02-30`, s.school.auth), 400);
  });

  it('reads in a constant number of queries whatever the class size', async () => {
    const s = await classesWithRegister();
    const url = registerUrl(s.north, dates.schoolDay);
    const few = await countQueries(t.app, () => call('GET', url, s.school.auth));
    for (let i = 0; i < 10; i += 1) {
      await insertStudent(t.app, s.school.schoolId, s.north, { first: `Zed${i}` });
    }
    await expectStatus(put(s.school.auth, s.north, dates.schoolDay, fullRegister(s)), 200);
    const many = await countQueries(t.app, () => call('GET', url, s.school.auth));
    expect(many).toBe(few);
    expect(few).toBeLessThanOrEqual(3);
  });
});

describe('PUT /classes/{id}/register/', () => {
  it('saves the marks, counts them by hand and answers the register as GET reads it', async () => {
    const s = await classesWithRegister();
    const res = await expectStatus(
      put(s.school.auth, s.north, dates.schoolDay, fullRegister(s)),
      200,
    );
    const saved: RegisterResponse = registerResponse.parse(res.json());
    expect(saved.students.map((x) => [x.first_name, x.status, x.note])).toEqual([
      ['Amina', 'present', null],
      ['Baraka', 'absent', 'Sick'],
      ['Chebet', 'late', null],
      ['Daudi', 'excused', null],
    ]);
    // 4 recorded; present + late = 2 attended: 50%.
    expect(saved.counts).toEqual({
      recorded: 4,
      present: 1,
      absent: 1,
      late: 1,
      excused: 1,
      rate: 50,
    });
    expect(saved.taken_by).toBe('Jane Wanjiku');
    expect(saved.taken_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(saved.absence_sms).toBeNull();
    const read = await expectStatus(
      call('GET', registerUrl(s.north, dates.schoolDay), s.school.auth),
      200,
    );
    expect(read.json()).toEqual({ ...saved, absence_sms: null });
    const audit = await t.app.db
      .select({ subjectType: auditLog.subjectType, subjectId: auditLog.subjectId })
      .from(auditLog)
      .where(and(eq(auditLog.schoolId, s.school.schoolId), eq(auditLog.action, 'register_taken')));
    expect(audit).toEqual([{ subjectType: 'class', subjectId: s.north }]);
  });

  it('updates the marks when taken again the same day, and keeps other days apart', async () => {
    const s = await classesWithRegister();
    await expectStatus(put(s.school.auth, s.north, dates.schoolDay, fullRegister(s)), 200);
    await expectStatus(
      put(s.school.auth, s.north, dates.earlierSchoolDay, {
        entries: [{ student: s.amina, status: 'absent' }],
      }),
      200,
    );
    const res = await expectStatus(
      put(s.school.auth, s.north, dates.schoolDay, {
        entries: [
          { student: s.baraka, status: 'present' },
          { student: s.daudi, status: 'present' },
        ],
      }),
      200,
    );
    expect(res.json().students.map((x: { status: string }) => x.status)).toEqual([
      'present',
      'present',
      'late',
      'present',
    ]);
    // Baraka's note went with his absence.
    expect(res.json().students[1].note).toBeNull();
    expect(res.json().counts).toEqual({
      recorded: 4,
      present: 3,
      absent: 0,
      late: 1,
      excused: 0,
      rate: 100,
    });
    const earlier = await expectStatus(
      call('GET', registerUrl(s.north, dates.earlierSchoolDay), s.school.auth),
      200,
    );
    expect(earlier.json().counts).toMatchObject({ recorded: 1, absent: 1, rate: 0 });
  });

  it('refuses a closed day with the reason on `date`', async () => {
    const s = await classesWithRegister();
    const body = fullRegister(s);
    for (const [date, message] of [
      [dates.tomorrow, ATTENDANCE_MESSAGES.future],
      [dates.saturday, ATTENDANCE_MESSAGES.weekend],
      ['2020-01-06', ATTENDANCE_MESSAGES.outsideTerm(s.term)],
    ] as const) {
      const res = await expectStatus(put(s.school.auth, s.north, date, body), 400, message);
      expect(res.json().errors).toEqual({ date: [message] });
    }
    const holiday = await newSchool();
    const cls = await insertClass(t.app, holiday.schoolId, 'Form 1');
    const pupil = await insertStudent(t.app, holiday.schoolId, cls);
    const res = await expectStatus(
      put(holiday.auth, cls, dates.schoolDay, { entries: [{ student: pupil, status: 'present' }] }),
      400,
      ATTENDANCE_MESSAGES.noTerm,
    );
    expect(res.json().errors).toEqual({ date: [ATTENDANCE_MESSAGES.noTerm] });
  });

  it('refuses students not active in the class, marked twice, or no entries', async () => {
    const s = await classesWithRegister();
    const theirs = await classesWithRegister();
    const refused = async (entries: RegisterBody['entries'], message: string) => {
      const res = await expectStatus(
        put(s.school.auth, s.north, dates.schoolDay, { entries }),
        400,
        message,
      );
      expect(Object.keys(res.json().errors)).toEqual(['entries']);
    };
    const notInClass = ATTENDANCE_MESSAGES.notInClass;
    await refused([{ student: s.gitau, status: 'present' }], notInClass);
    await refused([{ student: s.ekaru, status: 'present' }], notInClass);
    await refused([{ student: s.fatuma, status: 'present' }], notInClass);
    await refused([{ student: theirs.amina, status: 'present' }], notInClass);
    await refused(
      [
        { student: s.amina, status: 'present' },
        { student: s.amina, status: 'absent' },
      ],
      ATTENDANCE_MESSAGES.twice,
    );
    await refused([], ATTENDANCE_MESSAGES.noEntries);
    await expectStatus(
      t.app.inject({
        method: 'PUT',
        url: registerUrl(s.north, dates.schoolDay),
        headers: s.school.auth,
        payload: { entries: [{ student: s.amina, status: 'sleeping' }] },
      }),
      400,
      ATTENDANCE_MESSAGES.status,
    );
    const [row] = await t.app.db.select().from(students).where(eq(students.id, s.amina));
    expect(row).toBeDefined();
    const after = await expectStatus(
      call('GET', registerUrl(s.north, dates.schoolDay), s.school.auth),
      200,
    );
    expect(after.json().counts.recorded).toBe(0);
  });

  it('lets the class teacher and an admin take it; another teacher gets 403', async () => {
    const s = await classesWithRegister();
    const classTeacher = await teacherOf(t.app, s.school.schoolId);
    const other = await teacherOf(t.app, s.school.schoolId);
    await setClassTeacher(t.app, s.north, classTeacher.teacherId);
    const body = fullRegister(s);
    for (const date of [dates.schoolDay, dates.tomorrow]) {
      await expectStatus(
        put(other.auth, s.north, date, body),
        403,
        ATTENDANCE_MESSAGES.notClassTeacher('Form 2 North'),
      );
    }
    const res = await expectStatus(put(classTeacher.auth, s.north, dates.schoolDay, body), 200);
    expect(res.json().taken_by).toBe('Test Teacher');
    expect(res.json().may_take).toBe(true);
    await expectStatus(put(s.school.auth, s.north, dates.schoolDay, body), 200);
  });

  it("answers 401 without a token and 404 for another school's class", async () => {
    const s = await classesWithRegister();
    const theirs = await newSchool();
    await expectStatus(put({}, s.north, dates.schoolDay, fullRegister(s)), 401);
    await expectStatus(
      put(theirs.auth, s.north, dates.schoolDay, fullRegister(s)),
      404,
      'Class not found',
    );
  });
});

describe('DELETE /classes/{id}/ with registers', () => {
  it('answers 409 naming the registers instead of deleting them', async () => {
    const s = await classesWithRegister();
    await expectStatus(put(s.school.auth, s.north, dates.schoolDay, fullRegister(s)), 200);
    // The students move on; the register stays with the class it was taken in.
    await t.app.db.update(students).set({ classId: s.south }).where(eq(students.classId, s.north));
    await expectStatus(
      call('DELETE', `/api/classes/${s.north}/`, s.school.auth),
      409,
      classHasRegistersMessage('Form 2 North'),
    );
  });
});
