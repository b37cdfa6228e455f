import { type ReportsOverview, reportsOverviewResponse } from '@shule/shared/reports';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attendanceMarks, examScores, ledgerEntries, subjects } from '../../db/schema/index';
import {
  authAs,
  countQueries,
  expectStatus,
  type SignedInSchool,
  teacherOf,
  useTestApp,
} from '../../test/app';
import { insertClass, insertStudent } from '../../test/seed';
import { recordPayment } from '../fees/index';

const { t, call, create, newSchool, schools } = useTestApp('Maseno School');
const [other] = schools;
const URL = '/api/reports/';

const overviewOf = async (auth: Record<string, string>) => {
  const res = await expectStatus(call('GET', URL, auth), 200);
  return reportsOverviewResponse.parse(res.json()) as ReportsOverview;
};

const exam = (who: SignedInSchool, name: string, start: string, components?: number[]) =>
  create(who, '/api/grades/exams/', {
    name,
    start,
    end: start,
    ...(components ? { components: components.map((exam) => ({ exam, weight: 50 })) } : {}),
  }).then((e: { id: number }) => e.id);

/**
 * A school with Form 1 East (two students, one of whom left) and Form 2 West (one student): a
 * CAT marked in Form 1 East, a mid-term with no marks, and the two combined.
 */
async function school() {
  const who = await newSchool();
  const s = who.schoolId;
  const east = await insertClass(t.app, s, 'Form 1 East');
  const west = await insertClass(t.app, s, 'Form 2 West');
  const amina = await insertStudent(t.app, s, east, { first: 'Amina' });
  const left = await insertStudent(t.app, s, east, { first: 'Baraka' });
  await t.app.db.execute(sql`update students set is_active = false where id = ${left}`);
  const chebet = await insertStudent(t.app, s, west, { first: 'Chebet' });
  const [subject] = await t.app.db
    .insert(subjects)
    .values({ schoolId: s, name: 'Mathematics', code: 'MAT' })
    .returning({ id: subjects.id });
  const cat = await exam(who, 'CAT 1', '2026-02-10');
  const midTerm = await exam(who, 'Mid-term', '2026-03-01');
  const combined = await exam(who, 'Term 1 result', '2026-04-01', [cat, midTerm]);
  await t.app.db.insert(examScores).values({
    schoolId: s,
    examId: cat,
    studentId: amina,
    subjectId: subject!.id,
    classId: east,
    score: 61,
  });
  return { who, s, east, west, amina, chebet, cat, midTerm, combined };
}

describe('GET /api/reports/', () => {
  it('answers an empty school with no exams, classes, fees or registers', async () => {
    const who = await newSchool();
    expect(await overviewOf(who.auth)).toEqual({
      exams: [],
      classes: [],
      fees: { billed_students: 0, payments: 0 },
      registers: { taken: 0, last_date: null },
    });
  });

  it('lists exams newest first with the classes that have marks, classes with their active students, fees and registers', async () => {
    const x = await school();
    await t.app.db.insert(ledgerEntries).values({
      schoolId: x.s,
      studentId: x.amina,
      kind: 'charge',
      amountCents: 500_000,
      note: 'Tuition',
    });
    await t.app.db.transaction((tx) =>
      recordPayment(tx, {
        schoolId: x.s,
        studentId: x.amina,
        method: 'cash',
        source: 'counter',
        amountCents: 100_000,
        paidAt: new Date(),
        recordedBy: x.who.userId,
      }),
    );
    const mark = (classId: number, studentId: number, date: string) => ({
      schoolId: x.s,
      classId,
      studentId,
      date,
      status: 'present',
      recordedBy: x.who.userId,
    });
    await t.app.db
      .insert(attendanceMarks)
      .values([
        mark(x.east, x.amina, '2026-02-02'),
        mark(x.west, x.chebet, '2026-02-02'),
        mark(x.west, x.chebet, '2026-02-03'),
      ]);

    const overview = await overviewOf(x.who.auth);
    expect(overview.exams).toEqual([
      {
        id: x.combined,
        name: 'Term 1 result',
        start_date: '2026-04-01',
        combined: true,
        marked_class_ids: [x.east],
      },
      {
        id: x.midTerm,
        name: 'Mid-term',
        start_date: '2026-03-01',
        combined: false,
        marked_class_ids: [],
      },
      {
        id: x.cat,
        name: 'CAT 1',
        start_date: '2026-02-10',
        combined: false,
        marked_class_ids: [x.east],
      },
    ]);
    expect(overview.classes).toEqual([
      { id: x.east, name: 'Form 1 East', level: null, students: 1, may_see_results: true },
      { id: x.west, name: 'Form 2 West', level: null, students: 1, may_see_results: true },
    ]);
    expect(overview.fees).toEqual({ billed_students: 1, payments: 1 });
    expect(overview.registers).toEqual({ taken: 3, last_date: '2026-02-03' });
  });

  it('answers a teacher without fees, and the results of the class they lead only', async () => {
    const x = await school();
    const teacher = await teacherOf(t.app, x.s);
    await t.app.db.execute(
      sql`update classes set class_teacher_id = ${teacher.teacherId} where id = ${x.west}`,
    );
    const overview = await overviewOf(teacher.auth);
    expect(overview.fees).toBeNull();
    expect(overview.classes.map((c) => [c.name, c.may_see_results])).toEqual([
      ['Form 1 East', false],
      ['Form 2 West', true],
    ]);
    expect(overview.exams).toHaveLength(3);
  });

  it('asks the database a constant number of questions, however many exams and classes', async () => {
    const x = await school();
    const before = await countQueries(t.app, () => overviewOf(x.who.auth));
    await insertClass(t.app, x.s, 'Form 3 North');
    await exam(x.who, 'End term', '2026-04-20');
    expect(await countQueries(t.app, () => overviewOf(x.who.auth))).toBe(before);
    expect(before).toBeLessThanOrEqual(4);
  });

  it("shows nothing of another school's exams, classes, fees or registers", async () => {
    await school();
    const overview = await overviewOf(other.auth);
    expect(overview.exams).toEqual([]);
    expect(overview.classes).toEqual([]);
    expect(overview.fees).toEqual({ billed_students: 0, payments: 0 });
    expect(overview.registers.taken).toBe(0);
  });

  it('answers 401 without a token and 403 to a student', async () => {
    await expectStatus(call('GET', URL, {}), 401);
    await expectStatus(call('GET', URL, await authAs(t.app, other.schoolId, 'student')), 403);
  });
});
