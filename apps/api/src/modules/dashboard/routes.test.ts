import { todayIn } from '@shule/shared/school-time';
import { type TeacherDashboard, teacherDashboardResponse } from '@shule/shared/teacher-dashboard';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { classes, teachingAssignments } from '../../db/schema/index';
import {
  authAs,
  bearerOf,
  countQueries,
  expectStatus,
  type SignedInSchool,
  seedSignedInLargeSchool,
  teacherOf,
  useTestApp,
} from '../../test/app';
import { insertStudent } from '../../test/seed';

const { t, call, create, newSchool } = useTestApp();
const URL = '/api/dashboard/teacher/';

/** Today (Nairobi) moved by `days`, as yyyy-mm-dd. */
function day(days: number) {
  const d = new Date(`${todayIn()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function insertClass(schoolId: number, name: string, level: string | null = null) {
  const [row] = await t.app.db
    .insert(classes)
    .values({ schoolId, name, level })
    .returning({ id: classes.id });
  return row!.id;
}

const subject = (who: SignedInSchool, name: string, code: string, classIds: number[]) =>
  create(who, '/api/grades/subjects/', { name, code, classes: classIds }).then(
    (s: { id: number }) => s.id,
  );

const exam = (who: SignedInSchool, name: string, from: number, to: number, extra: object = {}) =>
  create(who, '/api/grades/exams/', {
    name,
    start_date: day(from),
    end_date: day(to),
    ...extra,
  }).then((e: { id: number }) => e.id);

async function mark(
  schoolId: number,
  examId: number,
  studentId: number,
  subjectId: number,
  classId: number,
  value: number | 'X' | 'Y',
) {
  const [score, code] = typeof value === 'number' ? [value, null] : [null, value];
  await t.app.db.execute(sql`
    insert into exam_scores (school_id, exam_id, student_id, subject_id, class_id, score, mark_code)
    values (${schoolId}, ${examId}, ${studentId}, ${subjectId}, ${classId}, ${score}, ${code})`);
}

const ownSubjects = (schoolId: number, studentId: number, subjectIds: number[]) =>
  t.app.db.execute(sql`
    insert into student_subjects (school_id, student_id, subject_id)
    select ${schoolId}, ${studentId}, unnest(${`{${subjectIds.join(',')}}`}::int[])`);

const dashboardOf = async (auth: Record<string, string>) => {
  const res = await expectStatus(call('GET', URL, auth), 200);
  return teacherDashboardResponse.parse(res.json()) as TeacherDashboard;
};

/**
 * A school where a teacher teaches Mathematics and English in Form 2 West (level Form 2) and
 * Mathematics in Form 3 East, leads Form 2 West, and used to teach English in Form 3 East.
 * Form 2 West: Amina (no list of her own), Daudi (takes Mathematics only), Baraka (takes
 * English only) and Chebet, who has left.
 */
async function school() {
  const who = await newSchool();
  const s = who.schoolId;
  const west = await insertClass(s, 'Form 2 West', 'Form 2');
  const east = await insertClass(s, 'Form 3 East', 'Form 3');
  const mat = await subject(who, 'Mathematics', 'MAT', [west, east]);
  const eng = await subject(who, 'English', 'ENG', [west, east]);
  const amina = await insertStudent(t.app, s, west, { first: 'Amina', last: 'Wanjiru' });
  const daudi = await insertStudent(t.app, s, west, { first: 'Daudi', last: 'Mwangi' });
  const baraka = await insertStudent(t.app, s, west, { first: 'Baraka', last: 'Otieno' });
  const chebet = await insertStudent(t.app, s, west, { first: 'Chebet', last: 'Kiprono' });
  const eastStudents = [
    await insertStudent(t.app, s, east, { first: 'Esther', last: 'Akinyi' }),
    await insertStudent(t.app, s, east, { first: 'Faith', last: 'Njeri' }),
  ];
  await ownSubjects(s, daudi, [mat]);
  await ownSubjects(s, baraka, [eng]);
  await t.app.db.execute(sql`
    update students set is_active = false, left_on = ${day(-20)}, left_reason = 'transferred'
    where id = ${chebet}`);
  const teacher = await teacherOf(t.app, s, [
    { classId: west, subjectId: mat },
    { classId: west, subjectId: eng },
    { classId: east, subjectId: mat },
  ]);
  await t.app.db.insert(teachingAssignments).values({
    schoolId: s,
    teacherId: teacher.teacherId,
    classId: east,
    subjectId: eng,
    createdBy: who.userId,
    endedAt: new Date(),
    endedBy: who.userId,
  });
  await t.app.db.execute(
    sql`update classes set class_teacher_id = ${teacher.teacherId} where id = ${west}`,
  );
  return { who, s, west, east, mat, eng, amina, daudi, baraka, chebet, eastStudents, teacher };
}

describe('GET /api/dashboard/teacher/', () => {
  it("lists the teacher's classes and subjects, and leads a class with its active students", async () => {
    const x = await school();
    const body = await dashboardOf(x.teacher.auth);
    expect(body.assignments).toEqual([
      {
        class: { id: x.west, name: 'Form 2 West' },
        subject: { id: x.eng, name: 'English', code: 'ENG' },
      },
      {
        class: { id: x.west, name: 'Form 2 West' },
        subject: { id: x.mat, name: 'Mathematics', code: 'MAT' },
      },
      {
        class: { id: x.east, name: 'Form 3 East' },
        subject: { id: x.mat, name: 'Mathematics', code: 'MAT' },
      },
    ]);
    expect(body.my_class).toMatchObject({ id: x.west, name: 'Form 2 West', count: 3 });
    expect(body.my_class?.students.map((st) => [st.id, st.first_name])).toEqual([
      [x.amina, 'Amina'],
      [x.baraka, 'Baraka'],
      [x.daudi, 'Daudi'],
    ]);
    expect(body.my_class?.students[0]).toEqual({
      id: x.amina,
      first_name: 'Amina',
      last_name: 'Wanjiru',
      admission_number: expect.any(String),
      gender: expect.stringMatching(/^(male|female)$/),
    });
    expect(body.open_exams).toEqual([]);
  });

  it('lists the CBC learning areas taught apart from the subjects', async () => {
    const x = await school();
    const { class: grade7 } = await create(x.who, '/api/classes/', {
      name: '7 East',
      level: 'Grade 7',
    });
    const { levels } = (await call('GET', '/api/levels/', x.who.auth)).json();
    const level = levels.find((l: { name: string }) => l.name === 'Grade 7');
    const { learning_areas } = (
      await call('GET', `/api/cbc/learning_areas/?level=${level.id}`, x.who.auth)
    ).json();
    const maths = learning_areas.find((a: { name: string }) => a.name === 'Mathematics');
    await create(x.who, `/api/staff/teachers/${x.teacher.teacherId}/assignments/`, {
      class: grade7.id,
      learning_area: maths.id,
    });
    const body = await dashboardOf(x.teacher.auth);
    expect(body.learning_areas).toEqual([
      {
        class: { id: grade7.id, name: '7 East' },
        learning_area: { id: maths.id, name: 'Mathematics' },
      },
    ]);
    expect(body.assignments).toHaveLength(3);
  });

  it('counts the marks owed and entered of each assignment in each open exam', async () => {
    const x = await school();
    const open = await exam(x.who, 'Mid term', -3, 2);
    const earlier = await exam(x.who, 'Opener', -40, -35);
    // Amina's Mathematics is absent (X), Baraka's English withheld (Y): both count as entered.
    await mark(x.s, open, x.amina, x.mat, x.west, 'X');
    await mark(x.s, open, x.amina, x.eng, x.west, 64);
    await mark(x.s, open, x.baraka, x.eng, x.west, 'Y');
    // Not owed: Chebet has left, and Baraka does not take Mathematics.
    await mark(x.s, open, x.chebet, x.mat, x.west, 50);
    await mark(x.s, open, x.baraka, x.mat, x.west, 40);
    // Another exam's mark.
    await mark(x.s, earlier, x.daudi, x.mat, x.west, 70);
    await mark(x.s, open, x.eastStudents[0]!, x.mat, x.east, 81);

    const body = await dashboardOf(x.teacher.auth);
    const westRef = { id: x.west, name: 'Form 2 West' };
    const eastRef = { id: x.east, name: 'Form 3 East' };
    const matRef = { id: x.mat, name: 'Mathematics', code: 'MAT' };
    const engRef = { id: x.eng, name: 'English', code: 'ENG' };
    expect(body.open_exams).toEqual([
      {
        exam: { id: open, name: 'Mid term', start_date: day(-3), end_date: day(2) },
        items: [
          { class: westRef, subject: engRef, entered: 2, owed: 2 },
          { class: westRef, subject: matRef, entered: 1, owed: 2 },
          { class: eastRef, subject: matRef, entered: 1, owed: 2 },
        ],
      },
    ]);
  });

  it('lists an exam for the classes that sit it only, and open exams newest first', async () => {
    const x = await school();
    // Sat by Form 3 East alone; ended 30 days ago, the last day it is still open.
    const eastOnly = await exam(x.who, 'Form 3 CAT', -32, -30, { classes: [x.east] });
    // Sat by the streams of Form 2.
    const form2 = await exam(x.who, 'Form 2 CAT', -1, 0, { levels: ['Form 2'] });
    // Sat by another class only: not listed at all.
    const other = await insertClass(x.s, 'Form 4 North', 'Form 4');
    await exam(x.who, 'Form 4 mock', -2, 1, { classes: [other] });

    const body = await dashboardOf(x.teacher.auth);
    expect(body.open_exams.map((e) => e.exam.name)).toEqual(['Form 2 CAT', 'Form 3 CAT']);
    const [first, second] = body.open_exams;
    expect(first!.exam.id).toBe(form2);
    expect(first!.items.map((i) => [i.class.name, i.subject.code, i.entered, i.owed])).toEqual([
      ['Form 2 West', 'ENG', 0, 2],
      ['Form 2 West', 'MAT', 0, 2],
    ]);
    expect(second!.exam.id).toBe(eastOnly);
    expect(second!.items.map((i) => [i.class.name, i.subject.code, i.entered, i.owed])).toEqual([
      ['Form 3 East', 'MAT', 0, 2],
    ]);
  });

  it('leaves out closed, upcoming and combined exams', async () => {
    const x = await school();
    await exam(x.who, 'Closed', -40, -31);
    await exam(x.who, 'Upcoming', 1, 5);
    const a = await exam(x.who, 'Part A', -60, -50);
    const b = await exam(x.who, 'Part B', -55, -45);
    await exam(x.who, 'Combined', -2, 2, {
      components: [
        { exam: a, weight: 50 },
        { exam: b, weight: 50 },
      ],
    });
    expect((await dashboardOf(x.teacher.auth)).open_exams).toEqual([]);
  });

  it('shows nothing of another school', async () => {
    const x = await school();
    const y = await school();
    await exam(y.who, 'Their exam', -1, 1);
    // Another school's class led by a teacher of this one does not show (nor could it be set).
    await t.app.db.execute(
      sql`update classes set class_teacher_id = ${x.teacher.teacherId} where id = ${y.east}`,
    );
    const body = await dashboardOf(x.teacher.auth);
    expect(body.open_exams).toEqual([]);
    expect(
      body.assignments.map((a) => a.class.id).every((id) => [x.west, x.east].includes(id)),
    ).toBe(true);
    expect(body.my_class?.id).toBe(x.west);
    // A token naming another school finds no teacher of that school.
    const forged = await bearerOf(t.app, x.teacher.userId, y.s, 'teacher');
    expect(await dashboardOf(forged)).toEqual({
      assignments: [],
      learning_areas: [],
      open_exams: [],
      my_class: null,
      groups: [],
    });
  });

  it('answers empty lists to an admin who is not a teacher, and to a teacher with nothing assigned', async () => {
    const x = await school();
    await exam(x.who, 'Mid term', -1, 1);
    const empty = {
      assignments: [],
      learning_areas: [],
      open_exams: [],
      my_class: null,
      groups: [],
    };
    expect(await dashboardOf(x.who.auth)).toEqual(empty);
    expect(await dashboardOf((await teacherOf(t.app, x.s)).auth)).toEqual(empty);
  });

  it('answers 401 without a token and 403 to a student', async () => {
    await expectStatus(call('GET', URL, {}), 401);
    const who = await newSchool();
    await expectStatus(call('GET', URL, await authAs(t.app, who.schoolId, 'student')), 403);
  });

  it('answers a school of 2,000 students in at most 4 queries', async () => {
    const large = await seedSignedInLargeSchool(t.app, {
      students: 2000,
      classes: 16,
      adminPhone: '0799400001',
    });
    const s = large.schoolId;
    const [c0, c1] = large.classIds;
    const [s0, s1] = large.subjectIds;
    const teacher = await teacherOf(t.app, s, [
      { classId: c0!, subjectId: s0! },
      { classId: c0!, subjectId: s1! },
      { classId: c1!, subjectId: s0! },
    ]);
    await t.app.db.execute(
      sql`update classes set class_teacher_id = ${teacher.teacherId} where id = ${c0}`,
    );
    const open = await exam(large.who, 'Mid term', -2, 2);
    // Every mark of the first class's first subject entered.
    await t.app.db.execute(sql`
      insert into exam_scores (school_id, exam_id, student_id, subject_id, class_id, score)
      select ${s}, ${open}, id, ${s0}, class_id, 55 from students where class_id = ${c0}`);

    let body: TeacherDashboard | undefined;
    const queries = await countQueries(t.app, async () => {
      body = await dashboardOf(teacher.auth);
    });
    expect(queries).toBe(4);
    expect(body!.my_class?.count).toBe(125);
    expect(body!.open_exams).toHaveLength(1);
    const progress = body!.open_exams[0]!.items.map((i) => [
      i.class.id,
      i.subject.id,
      i.entered,
      i.owed,
    ]);
    expect(progress).toContainEqual([c0, s0, 125, 125]);
    expect(progress).toContainEqual([c0, s1, 0, 125]);
    expect(progress).toContainEqual([c1, s0, 0, 125]);
  });
});
