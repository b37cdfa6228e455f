import {
  absentStudentsResponse,
  attendanceSummaryResponse,
  type RegisterBody,
  studentAttendanceResponse,
} from '@shule/shared/attendance';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { students } from '../../db/schema/index';
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

const put = (
  who: SignedInSchool,
  classId: number,
  date: string,
  entries: RegisterBody['entries'],
) =>
  expectStatus(
    t.app.inject({
      method: 'PUT',
      url: `/api/classes/${classId}/register/?date=${date}`,
      headers: who.auth,
      payload: { entries },
    }),
    200,
  );

/**
 * A school with a term holding today and three classes: Form 2 North (Amina, Baraka, Chebet,
 * Daudi; Fatuma erased), Form 2 South (Gitau) and Form 2 West (nobody). On the school day North
 * is present, absent (Sick), late, excused and South's Gitau absent; on the school day before,
 * North's register holds Amina absent only.
 */
async function markedSchool() {
  const school = await newSchool();
  const term = await insertCurrentTerm(t.app, school.schoolId);
  const north = await insertClass(t.app, school.schoolId, 'Form 2 North');
  const south = await insertClass(t.app, school.schoolId, 'Form 2 South');
  const west = await insertClass(t.app, school.schoolId, 'Form 2 West');
  const add = (classId: number, first: string) =>
    insertStudent(t.app, school.schoolId, classId, { first, last: 'Kamau' });
  const amina = await add(north, 'Amina');
  const baraka = await add(north, 'Baraka');
  const chebet = await add(north, 'Chebet');
  const daudi = await add(north, 'Daudi');
  const fatuma = await add(north, 'Fatuma');
  const gitau = await add(south, 'Gitau');
  await put(school, north, dates.schoolDay, [
    { student: amina, status: 'present' },
    { student: baraka, status: 'absent', note: 'Sick' },
    { student: chebet, status: 'late' },
    { student: daudi, status: 'excused' },
    { student: fatuma, status: 'absent' },
  ]);
  await put(school, south, dates.schoolDay, [{ student: gitau, status: 'absent' }]);
  await put(school, north, dates.earlierSchoolDay, [{ student: amina, status: 'absent' }]);
  // Erased after the register was taken: out of the lists from now on, not out of the counts.
  await t.app.db.update(students).set({ erasedAt: new Date() }).where(eq(students.id, fatuma));
  return { school, term, north, south, west, amina, baraka, chebet, daudi, fatuma, gitau };
}

const zeros = { recorded: 0, present: 0, absent: 0, late: 0, excused: 0, rate: null };

describe('GET /attendance/summary/', () => {
  it("adds up the school's day, every class and the term by hand", async () => {
    const s = await markedSchool();
    const res = await expectStatus(
      call('GET', `/api/attendance/summary/?date=${dates.schoolDay}`, s.school.auth),
      200,
    );
    const summary = attendanceSummaryResponse.parse(res.json());
    // The day: North P, A, L, E, A (Fatuma, since erased) and South A: 6 recorded, 2 attended.
    expect(summary).toMatchObject({
      date: dates.schoolDay,
      recorded: 6,
      present: 1,
      absent: 3,
      late: 1,
      excused: 1,
      rate: 33.3,
    });
    expect(summary.by_class).toEqual([
      {
        class: { id: s.north, name: 'Form 2 North' },
        taken: true,
        active_students: 4,
        recorded: 5,
        present: 1,
        absent: 2,
        late: 1,
        excused: 1,
        rate: 40,
        // 5 marks of the day and Amina's absence the day before: 2 of 6 attended.
        term_rate: 33.3,
      },
      {
        class: { id: s.south, name: 'Form 2 South' },
        taken: true,
        active_students: 1,
        recorded: 1,
        present: 0,
        absent: 1,
        late: 0,
        excused: 0,
        rate: 0,
        term_rate: 0,
      },
      {
        class: { id: s.west, name: 'Form 2 West' },
        taken: false,
        active_students: 0,
        ...zeros,
        term_rate: null,
      },
    ]);
    expect(summary.term).toEqual({
      ...s.term,
      counts: { recorded: 7, present: 1, absent: 4, late: 1, excused: 1, rate: 28.6 },
    });
  });

  it('counts the term only up to the date', async () => {
    const s = await markedSchool();
    const res = await expectStatus(
      call('GET', `/api/attendance/summary/?date=${dates.earlierSchoolDay}`, s.school.auth),
      200,
    );
    const summary = attendanceSummaryResponse.parse(res.json());
    expect(summary).toMatchObject({ recorded: 1, absent: 1, rate: 0 });
    expect(summary.by_class.map((c) => [c.taken, c.term_rate])).toEqual([
      [true, 0],
      [false, null],
      [false, null],
    ]);
    expect(summary.term?.counts).toEqual({ ...zeros, recorded: 1, absent: 1, rate: 0 });
  });

  it('answers zeros and no term in a holiday, today by default', async () => {
    const school = await newSchool();
    const cls = await insertClass(t.app, school.schoolId, 'Form 1');
    const res = await expectStatus(call('GET', '/api/attendance/summary/', school.auth), 200);
    expect(res.json()).toEqual({
      date: dates.today,
      ...zeros,
      by_class: [
        {
          class: { id: cls, name: 'Form 1' },
          taken: false,
          active_students: 0,
          ...zeros,
          term_rate: null,
        },
      ],
      term: null,
    });
  });

  it('reads in a constant number of queries whatever the school size', async () => {
    const s = await markedSchool();
    const url = `/api/attendance/summary/?date=${dates.schoolDay}`;
    const few = await countQueries(t.app, () => call('GET', url, s.school.auth));
    for (let i = 0; i < 5; i += 1) {
      const cls = await insertClass(t.app, s.school.schoolId, `Form 3 ${i}`);
      const pupil = await insertStudent(t.app, s.school.schoolId, cls);
      await put(s.school, cls, dates.schoolDay, [{ student: pupil, status: 'present' }]);
    }
    const many = await countQueries(t.app, () => call('GET', url, s.school.auth));
    expect(many).toBe(few);
    expect(few).toBeLessThanOrEqual(2);
  });

  it('is for staff: 401 without a token, a teacher reads it', async () => {
    const s = await markedSchool();
    await expectStatus(call('GET', '/api/attendance/summary/', {}), 401);
    const teacher = await teacherOf(t.app, s.school.schoolId);
    await expectStatus(call('GET', '/api/attendance/summary/', teacher.auth), 200);
    await expectStatus(call('GET', '/api/attendance/summary/?date=yesterday', s.school.auth), 400);
  });
});

describe('GET /attendance/absent/', () => {
  it("lists the day's absent students with class and note; no erased ones", async () => {
    const s = await markedSchool();
    const res = await expectStatus(
      call('GET', `/api/attendance/absent/?date=${dates.schoolDay}`, s.school.auth),
      200,
    );
    const absent = absentStudentsResponse.parse(res.json());
    expect(absent.date).toBe(dates.schoolDay);
    expect(absent.students.map((x) => [x.first_name, x.class.name, x.note])).toEqual([
      ['Baraka', 'Form 2 North', 'Sick'],
      ['Gitau', 'Form 2 South', null],
    ]);
    expect(absent.students.every((x) => x.parent === null && !x.absence_sms_sent)).toBe(true);
  });

  it('shows a teacher only the classes they are class teacher of', async () => {
    const s = await markedSchool();
    const southTeacher = await teacherOf(t.app, s.school.schoolId);
    const other = await teacherOf(t.app, s.school.schoolId);
    await setClassTeacher(t.app, s.south, southTeacher.teacherId);
    const url = `/api/attendance/absent/?date=${dates.schoolDay}`;
    const mine = await expectStatus(call('GET', url, southTeacher.auth), 200);
    expect(mine.json().students.map((x: { first_name: string }) => x.first_name)).toEqual([
      'Gitau',
    ]);
    const none = await expectStatus(call('GET', url, other.auth), 200);
    expect(none.json().students).toEqual([]);
  });

  it("answers 401 without a token and never another school's students", async () => {
    const s = await markedSchool();
    const theirs = await newSchool();
    await expectStatus(call('GET', '/api/attendance/absent/', {}), 401);
    const res = await expectStatus(
      call('GET', `/api/attendance/absent/?date=${dates.schoolDay}`, theirs.auth),
      200,
    );
    expect(res.json().students).toEqual([]);
    expect(s.baraka).toBeGreaterThan(0);
  });
});

describe('GET /students/{id}/attendance/', () => {
  it("answers the current term's days, latest first, and their counts", async () => {
    const s = await markedSchool();
    const res = await expectStatus(
      call('GET', `/api/students/${s.amina}/attendance/`, s.school.auth),
      200,
    );
    expect(studentAttendanceResponse.parse(res.json())).toEqual({
      term: s.term,
      counts: { recorded: 2, present: 1, absent: 1, late: 0, excused: 0, rate: 50 },
      days: [
        { date: dates.schoolDay, status: 'present', note: null },
        { date: dates.earlierSchoolDay, status: 'absent', note: null },
      ],
    });
    const teacher = await teacherOf(t.app, s.school.schoolId);
    await expectStatus(call('GET', `/api/students/${s.amina}/attendance/`, teacher.auth), 200);
  });

  it("answers 404 for an erased student or another school's, 401 without a token", async () => {
    const s = await markedSchool();
    const theirs = await newSchool();
    await expectStatus(
      call('GET', `/api/students/${s.fatuma}/attendance/`, s.school.auth),
      404,
      'Student not found',
    );
    await expectStatus(
      call('GET', `/api/students/${s.amina}/attendance/`, theirs.auth),
      404,
      'Student not found',
    );
    await expectStatus(call('GET', `/api/students/${s.amina}/attendance/`, {}), 401);
  });

  it('answers no term and no days in a holiday', async () => {
    const school = await newSchool();
    const cls = await insertClass(t.app, school.schoolId, 'Form 1');
    const pupil = await insertStudent(t.app, school.schoolId, cls);
    const res = await expectStatus(
      call('GET', `/api/students/${pupil}/attendance/`, school.auth),
      200,
    );
    expect(res.json()).toEqual({ term: null, counts: zeros, days: [] });
  });
});
