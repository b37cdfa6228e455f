import { type StudentsWithGrades, studentsWithGradesResponse } from '@shule/shared/scores';
import { notYourClassMessage } from '@shule/shared/teaching';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/raw-rows';
import {
  authAs,
  countQueries,
  expectStatus,
  type SignedInSchool,
  teacherOf,
  useTestApp,
} from '../../test/app';
import { insertClass, insertStudent } from '../../test/seed';

const db = () => t.app.db;
/** The user id in a bearer token's subject. */
const userIdOf = (auth: Record<string, string>) =>
  Number(JSON.parse(Buffer.from(auth.authorization!.split('.')[1]!, 'base64url').toString()).sub);

const { t, call, create, schools, newSchool } = useTestApp(
  'Alliance High School',
  'Bahati Secondary',
);
const [a, b] = schools;

/**
 * A school's two classes with their subjects, two exams and four students, no marks yet: each
 * test that saves marks and checks them exactly makes its own, so it depends on no other test.
 */
async function gradebook(who: SignedInSchool) {
  const form1 = await insertClass(t.app, who.schoolId, 'Form 1');
  const form2 = await insertClass(t.app, who.schoolId, 'Form 2');
  const mat = await post(who, '/api/grades/subjects/', {
    name: 'Mathematics',
    code: 'MAT',
    classes: [form1, form2],
  });
  const eng = await post(who, '/api/grades/subjects/', {
    name: 'English',
    code: 'ENG',
    classes: [form1],
  });
  // Teaches Form 1 both its subjects, and Form 2 none.
  const { auth: teacher } = await teacherOf(t.app, who.schoolId, [
    { classId: form1, subjectId: mat },
    { classId: form1, subjectId: eng },
  ]);
  return {
    who,
    teacher,
    form1,
    form2,
    mat,
    eng,
    kis: await post(who, '/api/grades/subjects/', {
      name: 'Kiswahili',
      code: 'KIS',
      classes: [form2],
    }),
    exam: await post(who, '/api/grades/exams/', {
      name: 'Mid term',
      start_date: '2024-03-04',
      end_date: '2024-03-08',
    }),
    otherExam: await post(who, '/api/grades/exams/', {
      name: 'End term',
      start_date: '2024-04-01',
      end_date: '2024-04-05',
    }),
    amina: await insertStudent(t.app, who.schoolId, form1, { first: 'Amina', last: 'Wanjiru' }),
    baraka: await insertStudent(t.app, who.schoolId, form1, { first: 'Baraka', last: 'Otieno' }),
    chebet: await insertStudent(t.app, who.schoolId, form2, { first: 'Chebet', last: 'Kiprono' }),
    daudi: await insertStudent(t.app, who.schoolId, form2, { first: 'Daudi', last: 'Mwangi' }),
  };
}
type Gradebook = Awaited<ReturnType<typeof gradebook>>;

/** A gradebook in a school of its own. */
const ownGradebook = async () => gradebook(await newSchool());

/** School a's gradebook, shared by the tests that leave its marks as they found them. */
let g: Gradebook;
let theirStudent: number;
let theirSubject: number;
let theirExam: number;
let theirClass: number;

const post = async (who: SignedInSchool, path: string, body: object): Promise<number> =>
  (await create(who, path, body)).id;

const classMarks = (examId: number, classId: number, who: Record<string, string> = a.auth) =>
  call('GET', `/api/students/students_with_grades/?exam=${examId}&class=${classId}`, who);

/** Every student's marks in the exam (both classes of the gradebook), by student id. */
async function scoresOf(examId: number, book: Gradebook = g) {
  const marks = new Map<number, StudentsWithGrades['students'][number]['marks']>();
  for (const classId of [book.form1, book.form2]) {
    const res = await classMarks(examId, classId, book.who.auth);
    expect(res.statusCode, res.body).toBe(200);
    for (const row of (res.json() as StudentsWithGrades).students) marks.set(row.id, row.marks);
  }
  return marks;
}

const save = (headers: Record<string, string>, body: object) =>
  call('POST', '/api/grades/student_subject_grades/', headers, body);

beforeAll(async () => {
  g = await gradebook(a);
  theirClass = await insertClass(t.app, b.schoolId, 'Form 1');
  theirStudent = await insertStudent(t.app, b.schoolId, theirClass);
  theirSubject = await post(b, '/api/grades/subjects/', {
    name: 'Mathematics',
    code: 'MAT',
    classes: [theirClass],
  });
  theirExam = await post(b, '/api/grades/exams/', {
    name: 'Their exam',
    start_date: '2024-03-04',
    end_date: '2024-03-08',
  });
});

describe('students_with_grades', () => {
  it("gives a teacher the classes they teach, and 403 for another class's marks", async () => {
    const { teacher, form1, form2, exam } = await ownGradebook();
    await expectStatus(classMarks(exam, form1, teacher), 200);
    await expectStatus(classMarks(exam, form2, teacher), 403, notYourClassMessage);
  });

  it('answers one class: its subjects, and its students by name with no marks yet', async () => {
    const { who, form1, form2, mat, eng, exam, amina, baraka, chebet, daudi } =
      await ownGradebook();
    const res = await classMarks(exam, form1, who.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      class: { id: form1, name: 'Form 1' },
      subjects: [
        { id: eng, name: 'English', code: 'ENG' },
        { id: mat, name: 'Mathematics', code: 'MAT' },
      ],
      students: [
        {
          id: amina,
          first_name: 'Amina',
          last_name: 'Wanjiru',
          admission_number: expect.any(String),
          marks: {},
          subjects: null,
        },
        {
          id: baraka,
          first_name: 'Baraka',
          last_name: 'Otieno',
          admission_number: expect.any(String),
          marks: {},
          subjects: null,
        },
      ],
    });
    const form2Res: StudentsWithGrades = (await classMarks(exam, form2, who.auth)).json();
    expect(form2Res.subjects.map((s) => s.code)).toEqual(['KIS', 'MAT']);
    expect(form2Res.students.map((s) => s.id)).toEqual([chebet, daudi]);
  });

  it('sends exactly the bytes its response schema would (it skips the zod encode)', async () => {
    const { who, form1, mat, eng, exam, amina } = await ownGradebook();
    await insertStudent(t.app, who.schoolId, form1, {
      first: 'Nyambura "Shiku"',
      last: 'Wanjirũ \\',
    });
    const marks = { [mat]: 67.5, [eng]: 80.25 };
    await expectStatus(save(who.auth, { student: amina, exam, subject_marks: marks }), 200);
    const empty = await insertClass(t.app, who.schoolId, 'Form 4');
    for (const classId of [form1, empty]) {
      const res = await classMarks(exam, classId, who.auth);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.body).toBe(JSON.stringify(studentsWithGradesResponse.parse(JSON.parse(res.body))));
    }
    const body: StudentsWithGrades = (await classMarks(exam, form1, who.auth)).json();
    expect(body.students.find((s) => s.id === amina)?.marks).toEqual(marks);
  });

  it('answers a class with no students and no subjects', async () => {
    const empty = await insertClass(t.app, a.schoolId, 'Form 4');
    expect((await classMarks(g.exam, empty)).json()).toEqual({
      class: { id: empty, name: 'Form 4' },
      subjects: [],
      students: [],
    });
  });

  it('needs the exam and the class (400 with the field)', async () => {
    const { exam } = g;
    const none = await call('GET', '/api/students/students_with_grades/', a.auth);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({
      exam: ['Exam is required'],
      class: ['Class is required'],
    });
    const noClass = await call('GET', `/api/students/students_with_grades/?exam=${exam}`, a.auth);
    expect(noClass.statusCode).toBe(400);
    expect(noClass.json().errors).toEqual({ class: ['Class is required'] });
    const bad = await call('GET', `/api/students/students_with_grades/?exam=x&class=0`, a.auth);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['class', 'exam']);
  });

  it("answers 404 for another school's exam or class, 401 without a token, 403 for a student", async () => {
    const { exam, form1 } = g;
    await expectStatus(classMarks(theirExam, form1), 404, 'Exam not found');
    await expectStatus(classMarks(exam, theirClass), 404, 'Class not found');
    await expectStatus(classMarks(exam, form1, {}), 401);
    const student = await authAs(t.app, a.schoolId, 'student');
    await expectStatus(classMarks(exam, form1, student), 403);
  });
});

describe('saving a student’s marks', () => {
  it('lets a teacher save marks and answers the student’s scores', async () => {
    const { teacher, exam, mat, eng, amina } = await ownGradebook();
    const res = await save(teacher, {
      student: amina,
      exam,
      subject_marks: { [mat]: 78, [eng]: '67.5' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Student subjects updated successfully',
      student: amina,
      exam,
      subject_scores: [
        { subject__name: 'English', subject: eng, score: 67.5 },
        { subject__name: 'Mathematics', subject: mat, score: 78 },
      ],
    });
  });

  it("refuses (403) a teacher's mark for a subject or class they do not teach, writing nothing", async () => {
    const { teacher, who, exam, mat, amina, chebet } = await ownGradebook();
    await expectStatus(
      save(teacher, { student: chebet, exam, subject_marks: { [mat]: 50 } }),
      403,
      'You do not teach Mathematics in Form 2: only its subject teacher or an administrator can enter these marks',
    );
    const written = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from exam_scores where exam_id = ${exam}`,
    );
    expect(written).toEqual([{ n: 0 }]);
    // An administrator writes any class's marks.
    await expectStatus(
      save(who.auth, { student: chebet, exam, subject_marks: { [mat]: 50 } }),
      200,
    );
    await expectStatus(save(teacher, { student: amina, exam, subject_marks: { [mat]: 60 } }), 200);
  });

  it('records every change of a mark with who made it, and nothing for a mark saved unchanged', async () => {
    const { teacher, who, exam, mat, amina } = await ownGradebook();
    await expectStatus(save(teacher, { student: amina, exam, subject_marks: { [mat]: 60 } }), 200);
    await expectStatus(save(teacher, { student: amina, exam, subject_marks: { [mat]: 60 } }), 200);
    await expectStatus(
      save(who.auth, { student: amina, exam, subject_marks: { [mat]: 'X' } }),
      200,
    );
    await expectStatus(save(who.auth, { student: amina, exam, subject_marks: { [mat]: '' } }), 200);
    const changes = await queryRows(
      db(),
      sql`select old_score::float as old_score, old_code, new_score::float as new_score, new_code,
                 changed_by
          from mark_changes where exam_id = ${exam} and student_id = ${amina} order by id`,
    );
    const [teacherId, adminId] = [userIdOf(teacher), userIdOf(who.auth)];
    expect(changes).toEqual([
      { old_score: null, old_code: null, new_score: 60, new_code: null, changed_by: teacherId },
      { old_score: 60, old_code: null, new_score: null, new_code: 'X', changed_by: adminId },
      { old_score: null, old_code: 'X', new_score: null, new_code: null, changed_by: adminId },
    ]);
  });

  it('returns the right scores for several students, and only for the exam asked', async () => {
    const book = await ownGradebook();
    const { who, exam, otherExam, mat, eng, kis, amina, baraka, chebet, daudi } = book;
    for (const [student, marks] of [
      [amina, { [mat]: 78, [eng]: 67.5 }],
      [baraka, { [mat]: 45, [eng]: 52 }],
      [chebet, { [mat]: 91, [kis]: 88 }],
      [daudi, { [kis]: 33 }],
    ] as const) {
      expect((await save(who.auth, { student, exam, subject_marks: marks })).statusCode).toBe(200);
    }
    expect(
      (await save(who.auth, { student: amina, exam: otherExam, subject_marks: { [mat]: 10 } }))
        .statusCode,
    ).toBe(200);

    const scores = await scoresOf(exam, book);
    expect(scores.get(amina)).toEqual({ [mat]: 78, [eng]: 67.5 });
    expect(scores.get(baraka)).toEqual({ [mat]: 45, [eng]: 52 });
    expect(scores.get(chebet)).toEqual({ [mat]: 91, [kis]: 88 });
    expect(scores.get(daudi)).toEqual({ [kis]: 33 });
    expect((await scoresOf(otherExam, book)).get(amina)).toEqual({ [mat]: 10 });
  });

  it('updates a mark, removes one sent empty, and keeps those not sent', async () => {
    const book = await ownGradebook();
    const { who, exam, mat, eng, baraka } = book;
    const saveBaraka = async (subject_marks: object) =>
      expectStatus(save(who.auth, { student: baraka, exam, subject_marks }), 200);
    await saveBaraka({ [mat]: 45, [eng]: 52 });
    expect((await scoresOf(exam, book)).get(baraka)).toEqual({ [mat]: 45, [eng]: 52 });
    await saveBaraka({ [mat]: 50 });
    expect((await scoresOf(exam, book)).get(baraka)).toEqual({ [mat]: 50, [eng]: 52 });
    await saveBaraka({ [eng]: '' });
    expect((await scoresOf(exam, book)).get(baraka)).toEqual({ [mat]: 50 });
    await saveBaraka({ [mat]: null, [eng]: 40 });
    expect((await scoresOf(exam, book)).get(baraka)).toEqual({ [eng]: 40 });
  });

  it('refuses a score above 100 naming the subject, and leaves the old scores', async () => {
    const { exam, mat, eng, amina } = g;
    const before = await scoresOf(exam);
    const res = await save(a.auth, {
      student: amina,
      exam,
      subject_marks: { [eng]: 70, [mat]: 101 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Score for Mathematics must be a number from 0 to 100, X or Y',
      errors: {
        [`subject_marks.${mat}`]: ['Score for Mathematics must be a number from 0 to 100, X or Y'],
      },
    });
    expect(await scoresOf(exam)).toEqual(before);
  });

  it('refuses a negative or non-numeric score, even with a removal in the same save', async () => {
    const { exam, mat, eng, amina } = g;
    const before = await scoresOf(exam);
    const negative = await save(a.auth, {
      student: amina,
      exam,
      subject_marks: { [mat]: null, [eng]: -1 },
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toBe(
      'Score for English must be a number from 0 to 100, X or Y',
    );
    const text = await save(a.auth, { student: amina, exam, subject_marks: { [mat]: 'ninety' } });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe(
      'Score for Mathematics must be a number from 0 to 100, X or Y',
    );
    const bool = await save(a.auth, { student: amina, exam, subject_marks: { [mat]: true } });
    expect(bool.statusCode).toBe(400);
    expect(await scoresOf(exam)).toEqual(before);
  });

  it('refuses a subject not taught in the student’s class', async () => {
    const { exam, mat, kis, amina } = g;
    const before = await scoresOf(exam);
    const res = await save(a.auth, {
      student: amina,
      exam,
      subject_marks: { [mat]: 60, [kis]: 70 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Kiswahili is not taught in Form 1');
    expect(await scoresOf(exam)).toEqual(before);
  });

  it('needs a student and an exam, and subject ids as keys', async () => {
    const { exam, amina } = g;
    const res = await save(a.auth, { subject_marks: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      student: ['Student is required'],
      exam: ['Exam is required'],
    });
    const keys = await save(a.auth, { student: amina, exam, subject_marks: { maths: 50 } });
    expect(keys.statusCode).toBe(400);
    expect(keys.json().message).toBe("subject_marks keys must be subject ids, not 'maths'");
    // A key past int4 names no subject: refused before any query, like any other id.
    for (const key of ['2147483648', '9999999999', '0', '1\u0000']) {
      const past = await save(a.auth, { student: amina, exam, subject_marks: { [key]: 50 } });
      expect(past.statusCode, key).toBe(400);
      expect(past.json().message).toBe(`subject_marks keys must be subject ids, not '${key}'`);
    }
  });

  it("answers 404 for another school's student, exam or subject, changing nothing", async () => {
    const { exam, mat, amina } = g;
    const before = await scoresOf(exam);
    const student = await save(a.auth, {
      student: theirStudent,
      exam,
      subject_marks: { [mat]: 50 },
    });
    await expectStatus(student, 404, 'Student not found');
    const otherExamRes = await save(a.auth, {
      student: amina,
      exam: theirExam,
      subject_marks: { [mat]: 50 },
    });
    await expectStatus(otherExamRes, 404, 'Exam not found');
    const subject = await save(a.auth, {
      student: amina,
      exam,
      subject_marks: { [mat]: 12, [theirSubject]: 50 },
    });
    await expectStatus(subject, 404, 'Subject not found');
    expect(await scoresOf(exam)).toEqual(before);
  });

  it('answers 401 without a token and 403 for a student account', async () => {
    const { exam, amina } = g;
    await expectStatus(save({}, { student: amina, exam, subject_marks: {} }), 401);
    const student = await authAs(t.app, a.schoolId, 'student');
    await expectStatus(save(student, { student: amina, exam, subject_marks: {} }), 403);
  });

  it('stops the exam and the subjects from being deleted while they have scores', async () => {
    const { who, exam, mat, amina } = await ownGradebook();
    await expectStatus(save(who.auth, { student: amina, exam, subject_marks: { [mat]: 60 } }), 200);
    expect((await call('DELETE', `/api/grades/exams/${exam}/`, who.auth)).statusCode).toBe(409);
    expect((await call('DELETE', `/api/grades/subjects/${mat}/`, who.auth)).statusCode).toBe(409);
  });

  it('lists a class of many students in one query, with each one’s marks', async () => {
    const { form1, form2, mat, exam } = g;
    const form3 = await insertClass(t.app, a.schoolId, 'Form 3');
    await t.app.inject({
      method: 'PATCH',
      url: `/api/grades/subjects/${mat}/`,
      headers: a.auth,
      payload: { classes: [form1, form2, form3] },
    });
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) {
      ids.push(await insertStudent(t.app, a.schoolId, form3, { first: `S${i}`, last: 'Test' }));
    }
    for (const [i, id] of ids.entries()) {
      if (i % 4 === 0) await save(a.auth, { student: id, exam, subject_marks: { [mat]: i } });
    }
    let body: StudentsWithGrades | undefined;
    const queries = await countQueries(t.app, async () => {
      body = (await classMarks(exam, form3)).json();
    });
    expect(queries).toBe(1);
    expect(body?.students).toHaveLength(40);
    for (const row of body?.students ?? []) {
      const i = ids.indexOf(row.id);
      expect(row.marks).toEqual(i % 4 === 0 ? { [mat]: i } : {});
    }
  });
});
