import { combinedMarksMessage } from '@shule/shared/exams';
import {
  classDoesNotSitMessage,
  entryMarkInvalidMessage,
  hasLeftMessage,
  MARKS_SAVED_MESSAGE,
  type MarkEntry,
  markEntryResponse,
  notInClassMessage,
  notTakingSubjectMessage,
  type SaveMarkEntryResponse,
  saveMarkEntryResponse,
  sentTwiceMessage,
} from '@shule/shared/mark-entry';
import { subjectNotTaughtMessage } from '@shule/shared/scores';
import { notYourSubjectMessage } from '@shule/shared/teaching';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/raw-rows';
import { studentSubjects, students, users } from '../../db/schema/index';
import {
  countQueries,
  expectStatus,
  type SignedInSchool,
  teacherOf,
  useTestApp,
} from '../../test/app';
import { insertClass, insertStudent } from '../../test/seed';

const { t, call, create, schools, newSchool } = useTestApp('Kenya High School', 'Lenana School');
const [, b] = schools;

const post = async (who: SignedInSchool, path: string, body: object): Promise<number> =>
  (await create(who, path, body)).id;

/**
 * A school of its own on the KCSE scale: Form 2 West (three students) taking Mathematics and
 * Chemistry, Form 2 East, an exam, and a teacher of Form 2 West's Mathematics.
 */
async function column() {
  const who = await newSchool();
  await call('POST', '/api/grades/grades/kcse/', who.auth);
  const west = await insertClass(t.app, who.schoolId, 'Form 2 West');
  const east = await insertClass(t.app, who.schoolId, 'Form 2 East');
  const mat = await post(who, '/api/grades/subjects/', {
    name: 'Mathematics',
    code: 'MAT',
    classes: [west, east],
  });
  const che = await post(who, '/api/grades/subjects/', {
    name: 'Chemistry',
    code: 'CHE',
    classes: [west],
  });
  const exam = await post(who, '/api/grades/exams/', {
    name: 'Mid term',
    start_date: '2024-03-04',
    end_date: '2024-03-08',
  });
  const teacher = await teacherOf(t.app, who.schoolId, [{ classId: west, subjectId: mat }]);
  await t.app.db
    .update(users)
    .set({ firstName: 'Jane', lastName: 'Doe' })
    .where(eq(users.id, teacher.userId));
  return {
    who,
    west,
    east,
    mat,
    che,
    exam,
    teacher,
    zawadi: await insertStudent(t.app, who.schoolId, west, { first: 'Zawadi', last: 'Achieng' }),
    amina: await insertStudent(t.app, who.schoolId, west, { first: 'Amina', last: 'Wanjiru' }),
    baraka: await insertStudent(t.app, who.schoolId, west, { first: 'Baraka', last: 'Otieno' }),
    chebet: await insertStudent(t.app, who.schoolId, east, { first: 'Chebet', last: 'Kiprono' }),
  };
}
type Column = Awaited<ReturnType<typeof column>>;

const url = (c: Column, path = 'marks', classId = c.west, subjectId = c.mat, exam = c.exam) =>
  `/api/exams/${exam}/${path}/?class=${classId}&subject=${subjectId}`;
const read = (c: Column, auth: Record<string, string> = c.who.auth, u = url(c)) =>
  call('GET', u, auth);
const put = (c: Column, marks: object[], auth: Record<string, string> = c.who.auth, u = url(c)) =>
  t.app.inject({ method: 'PUT', url: u, headers: auth, payload: { marks } });

const changesOf = (c: Column) =>
  queryRows<{ student_id: number; old_score: string | null; new_score: string | null }>(
    t.app.db,
    sql`select student_id, old_score, new_score from mark_changes where exam_id = ${c.exam} order by id`,
  );

describe('GET /exams/{id}/marks/', () => {
  it("answers the exam, class, subject, its bands and the class's students by name", async () => {
    const c = await column();
    const res = await expectStatus(read(c), 200);
    const body = markEntryResponse.parse(res.json()) as MarkEntry;
    expect(body.exam).toEqual({
      id: c.exam,
      name: 'Mid term',
      start_date: '2024-03-04',
      end_date: '2024-03-08',
    });
    expect(body.class).toEqual({ id: c.west, name: 'Form 2 West' });
    expect(body.subject).toEqual({ id: c.mat, name: 'Mathematics', code: 'MAT' });
    expect(body.bands[0]).toEqual({ code: 'A', points: 12, min: 80, max: 100 });
    expect(body.bands.at(-1)).toMatchObject({ code: 'E', min: 0 });
    expect(body.students.map((s) => [s.first_name, s.mark, s.is_active])).toEqual([
      ['Amina', null, true],
      ['Baraka', null, true],
      ['Zawadi', null, true],
    ]);
  });

  it('reads in two queries for an admin and three for a teacher, whatever the class size', async () => {
    const c = await column();
    expect(await countQueries(t.app, () => read(c))).toBe(2);
    expect(await countQueries(t.app, () => read(c, c.teacher.auth))).toBe(3);
    for (let i = 0; i < 20; i++) await insertStudent(t.app, c.who.schoolId, c.west);
    expect(await countQueries(t.app, () => read(c))).toBe(2);
  });

  it('lets the assigned teacher read, and refuses a teacher of another subject or class', async () => {
    const c = await column();
    await expectStatus(read(c, c.teacher.auth), 200);
    await expectStatus(
      read(c, c.teacher.auth, url(c, 'marks', c.west, c.che)),
      403,
      notYourSubjectMessage('Chemistry', 'Form 2 West'),
    );
    await expectStatus(
      read(c, c.teacher.auth, url(c, 'marks', c.east, c.mat)),
      403,
      notYourSubjectMessage('Mathematics', 'Form 2 East'),
    );
  });

  it('answers 401 without a token, 404 for another school, 400 for a bad query', async () => {
    const c = await column();
    await expectStatus(read(c, {}), 401);
    await expectStatus(read(c, b.auth), 404, 'Exam not found');
    const res = await expectStatus(read(c, c.who.auth, `/api/exams/${c.exam}/marks/?class=x`), 400);
    expect(res.json().errors).toHaveProperty('class');
    await expectStatus(
      read(c, c.who.auth, `/api/exams/${c.exam}/marks/?class=${c.west}`),
      400,
      'Subject is required',
    );
  });

  it('refuses a subject not taught in the class and a class that does not sit the exam', async () => {
    const c = await column();
    await expectStatus(
      read(c, c.who.auth, url(c, 'marks', c.east, c.che)),
      400,
      subjectNotTaughtMessage('Chemistry', 'Form 2 East'),
    );
    const onlyEast = await post(c.who, '/api/grades/exams/', {
      name: 'East only',
      start_date: '2024-05-06',
      end_date: '2024-05-08',
      classes: [c.east],
    });
    await expectStatus(
      read(c, c.who.auth, url(c, 'marks', c.west, c.mat, onlyEast)),
      400,
      classDoesNotSitMessage('Form 2 West', 'East only'),
    );
  });

  it('leaves out a student who left or does not take the subject, unless they have a mark', async () => {
    const c = await column();
    await t.app.db
      .update(students)
      .set({ isActive: false, leftOn: '2024-03-01', leftReason: 'Transferred' })
      .where(eq(students.id, c.zawadi));
    await t.app.db
      .insert(studentSubjects)
      .values({ schoolId: c.who.schoolId, studentId: c.baraka, subjectId: c.che });
    const names = async () =>
      ((await read(c)).json() as MarkEntry).students.map((s) => s.first_name);
    expect(await names()).toEqual(['Amina']);
    await expectStatus(
      put(c, [{ student: c.zawadi, mark: 50 }]),
      400,
      hasLeftMessage('Zawadi Achieng'),
    );
    await expectStatus(
      put(c, [{ student: c.baraka, mark: 50 }]),
      400,
      notTakingSubjectMessage('Baraka Otieno', 'Mathematics'),
    );
  });
});

describe('PUT /exams/{id}/marks/', () => {
  it('saves a batch and answers each mark with its grade; each change is recorded', async () => {
    const c = await column();
    const res = await expectStatus(
      put(c, [
        { student: c.amina, mark: 82 },
        { student: c.baraka, mark: '44.5' },
        { student: c.zawadi, mark: 'x' },
      ]),
      200,
    );
    const body = saveMarkEntryResponse.parse(res.json()) as SaveMarkEntryResponse;
    expect(body).toEqual({
      message: MARKS_SAVED_MESSAGE,
      marks: [
        { student: c.amina, mark: 82, grade: 'A' },
        { student: c.baraka, mark: 44.5, grade: 'C-' },
        { student: c.zawadi, mark: 'X', grade: null },
      ],
    });
    const marks = ((await read(c)).json() as MarkEntry).students.map((s) => s.mark);
    expect(marks).toEqual([82, 44.5, 'X']);
    expect(await changesOf(c)).toHaveLength(3);

    // The same marks again change nothing; a null removes one.
    await expectStatus(put(c, [{ student: c.amina, mark: 82 }]), 200);
    await expectStatus(put(c, [{ student: c.amina, mark: null }]), 200);
    const changes = await changesOf(c);
    expect(changes).toHaveLength(4);
    expect(Number(changes.at(-1)!.old_score)).toBe(82);
    expect(changes.at(-1)!.new_score).toBeNull();
  });

  it('keeps a new mark with the class it was entered in', async () => {
    const c = await column();
    await expectStatus(put(c, [{ student: c.amina, mark: 60 }]), 200);
    const [row] = await queryRows<{ class_id: number }>(
      t.app.db,
      sql`select class_id from exam_scores where student_id = ${c.amina}`,
    );
    expect(row!.class_id).toBe(c.west);
  });

  it('saves nothing when one mark is bad: 400 naming the row and the student', async () => {
    const c = await column();
    const res = await expectStatus(
      put(c, [
        { student: c.amina, mark: 50 },
        { student: c.baraka, mark: 101 },
      ]),
      400,
      entryMarkInvalidMessage('Baraka Otieno'),
    );
    expect(res.json().errors).toEqual({
      'marks.1.mark': [entryMarkInvalidMessage('Baraka Otieno')],
    });
    expect(((await read(c)).json() as MarkEntry).students.every((s) => s.mark === null)).toBe(true);
    expect(await changesOf(c)).toEqual([]);
  });

  it('a batch that fails after the marks were written leaves neither marks nor changes', async () => {
    const c = await column();
    // Make the last statement of the batch (the record of the changes) fail.
    await t.app.db.execute(sql`
      alter table mark_changes add constraint test_no_changes_${sql.raw(String(c.exam))}
      check (exam_id <> ${sql.raw(String(c.exam))}) not valid`);
    try {
      const res = await put(c, [{ student: c.amina, mark: 50 }]);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
    } finally {
      await t.app.db.execute(
        sql`alter table mark_changes drop constraint test_no_changes_${sql.raw(String(c.exam))}`,
      );
    }
    expect(((await read(c)).json() as MarkEntry).students[0]!.mark).toBeNull();
    expect(await changesOf(c)).toEqual([]);
  });

  it('refuses a student of another class or school, and one sent twice, naming them', async () => {
    const c = await column();
    const theirs = await insertStudent(
      t.app,
      b.schoolId,
      await insertClass(t.app, b.schoolId, 'X'),
    );
    for (const student of [c.chebet, theirs]) {
      const res = await expectStatus(
        put(c, [
          { student: c.amina, mark: 50 },
          { student, mark: 50 },
        ]),
        400,
        notInClassMessage(student, 'Form 2 West'),
      );
      expect(res.json().errors).toHaveProperty(['marks.1.student']);
    }
    await expectStatus(
      put(c, [
        { student: c.amina, mark: 50 },
        { student: c.amina, mark: 60 },
      ]),
      400,
      sentTwiceMessage('Amina Wanjiru'),
    );
    expect(await changesOf(c)).toEqual([]);
  });

  it('lets the assigned teacher save, and refuses others with 403 naming subject and class', async () => {
    const c = await column();
    await expectStatus(put(c, [{ student: c.amina, mark: 70 }], c.teacher.auth), 200);
    const other = await teacherOf(t.app, c.who.schoolId, [{ classId: c.west, subjectId: c.che }]);
    await expectStatus(
      put(c, [{ student: c.amina, mark: 71 }], other.auth),
      403,
      notYourSubjectMessage('Mathematics', 'Form 2 West'),
    );
    await expectStatus(put(c, [{ student: c.amina, mark: 71 }], {}), 401);
    await expectStatus(put(c, [{ student: c.amina, mark: 71 }], b.auth), 404, 'Exam not found');
    const [change] = await changesOf(c);
    expect(await changesOf(c)).toHaveLength(1);
    expect(Number(change!.new_score)).toBe(70);
  });

  it('an ended assignment no longer allows marking', async () => {
    const c = await column();
    await t.app.db.execute(
      sql`update teaching_assignments set ended_at = now() where teacher_id = ${c.teacher.teacherId}`,
    );
    await expectStatus(put(c, [{ student: c.amina, mark: 70 }], c.teacher.auth), 403);
  });

  it('answers 400 for a bad body and 409 for a combined exam', async () => {
    const c = await column();
    await expectStatus(put(c, []), 400, 'Send at least one mark');
    const res = await expectStatus(put(c, [{ student: 'abc', mark: 5 }]), 400);
    expect(res.json().errors).toHaveProperty(['marks.0.student']);
    const cat = await post(c.who, '/api/grades/exams/', {
      name: 'CAT 1',
      start_date: '2024-02-01',
      end_date: '2024-02-01',
    });
    const combined = await post(c.who, '/api/grades/exams/', {
      name: 'Term 1 result',
      start_date: '2024-04-01',
      end_date: '2024-04-01',
      components: [
        { exam: cat, weight: 30 },
        { exam: c.exam, weight: 70 },
      ],
    });
    await expectStatus(
      put(c, [{ student: c.amina, mark: 5 }], c.who.auth, url(c, 'marks', c.west, c.mat, combined)),
      409,
      combinedMarksMessage('Term 1 result'),
    );
  });

  it('writes over a mark changed meanwhile and says what it replaced and who wrote it', async () => {
    const c = await column();
    await expectStatus(put(c, [{ student: c.amina, mark: 45 }], c.teacher.auth), 200);
    // The admin saw no mark (base null) and writes 50 over the teacher's 45.
    const res = await expectStatus(
      put(c, [
        { student: c.amina, mark: 50, base: null },
        { student: c.baraka, mark: 60, base: null },
      ]),
      200,
    );
    const [amina, baraka] = (res.json() as SaveMarkEntryResponse).marks;
    expect(amina).toMatchObject({
      mark: 50,
      overwritten: { was: 45, changed_by: { id: c.teacher.userId, name: 'Jane Doe' } },
    });
    expect(amina!.overwritten!.changed_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(baraka!.overwritten).toBeUndefined();
    // A base that is what the server holds is no conflict.
    const again = await expectStatus(put(c, [{ student: c.amina, mark: 55, base: 50 }]), 200);
    expect((again.json() as SaveMarkEntryResponse).marks[0]!.overwritten).toBeUndefined();
  });

  it('saves 125 marks in one request with a constant number of statements', async () => {
    const c = await column();
    const ids = [c.amina, c.baraka, c.zawadi];
    for (let i = 0; i < 122; i++) ids.push(await insertStudent(t.app, c.who.schoolId, c.west));
    const res = await expectStatus(
      put(
        c,
        ids.map((student, i) => ({ student, mark: i % 101 })),
      ),
      200,
    );
    expect((res.json() as SaveMarkEntryResponse).marks).toHaveLength(125);
    expect(await changesOf(c)).toHaveLength(125);
  });
});

describe('mark history', () => {
  const history = (c: Column, student: number, auth: Record<string, string> = c.who.auth) =>
    call('GET', `/api/exams/${c.exam}/mark_history/?student=${student}`, auth);

  it('lists every change of a student in the exam, oldest first, with who and when', async () => {
    const c = await column();
    await expectStatus(put(c, [{ student: c.amina, mark: 45 }], c.teacher.auth), 200);
    await expectStatus(put(c, [{ student: c.amina, mark: 50 }]), 200);
    await expectStatus(
      put(c, [{ student: c.amina, mark: 'Y' }], c.who.auth, url(c, 'marks', c.west, c.che)),
      200,
    );
    await expectStatus(put(c, [{ student: c.amina, mark: null }]), 200);
    const res = await expectStatus(history(c, c.amina), 200);
    const body = res.json();
    expect(body.student).toMatchObject({ id: c.amina, first_name: 'Amina' });
    const admin = await t.app.db
      .select({ first: users.firstName, last: users.lastName })
      .from(users)
      .where(eq(users.id, c.who.userId));
    const adminName = `${admin[0]!.first} ${admin[0]!.last}`;
    expect(
      body.changes.map((x: Record<string, unknown>) => [
        (x.subject as { name: string }).name,
        x.old,
        x.new,
        (x.changed_by as { name: string }).name,
      ]),
    ).toEqual([
      ['Mathematics', null, 45, 'Jane Doe'],
      ['Mathematics', 45, 50, adminName],
      ['Chemistry', null, 'Y', adminName],
      ['Mathematics', 50, null, adminName],
    ]);
    expect(body.changes[0].changed_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(await history(c, c.baraka).then((r) => r.json().changes)).toEqual([]);
  });

  it('is for administrators: 403 to a teacher, 401 without a token, 404 for another school', async () => {
    const c = await column();
    await expectStatus(history(c, c.amina, c.teacher.auth), 403);
    await expectStatus(history(c, c.amina, {}), 401);
    await expectStatus(history(c, c.amina, b.auth), 404);
    const theirs = await insertStudent(
      t.app,
      b.schoolId,
      await insertClass(t.app, b.schoolId, 'Y'),
    );
    await expectStatus(history(c, theirs), 404, 'Student not found');
    await expectStatus(
      call('GET', `/api/exams/${c.exam}/mark_history/`, c.who.auth),
      400,
      'Student is required',
    );
  });

  it('names nobody when the author is gone', async () => {
    const c = await column();
    await expectStatus(put(c, [{ student: c.amina, mark: 45 }], c.teacher.auth), 200);
    await t.app.db.execute(sql`delete from teachers where user_id = ${c.teacher.userId}`);
    await t.app.db.execute(sql`delete from user_roles where user_id = ${c.teacher.userId}`);
    await t.app.db.delete(users).where(eq(users.id, c.teacher.userId));
    const [change] = (await history(c, c.amina)).json().changes;
    expect(change.changed_by).toEqual({ id: c.teacher.userId, name: null });
  });

  it('cannot be edited or deleted through the API', async () => {
    const c = await column();
    await expectStatus(put(c, [{ student: c.amina, mark: 45 }]), 200);
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      for (const path of [
        `/api/exams/${c.exam}/mark_history/?student=${c.amina}`,
        `/api/exams/${c.exam}/mark_history/1/`,
        `/api/exams/${c.exam}/late_changes/`,
      ]) {
        const res = await t.app.inject({ method, url: path, headers: c.who.auth, payload: {} });
        expect([404, 405], `${method} ${path}`).toContain(res.statusCode);
      }
    }
    expect(await changesOf(c)).toHaveLength(1);
  });
});

describe('late changes', () => {
  const late = (c: Column, auth: Record<string, string> = c.who.auth) =>
    call('GET', `/api/exams/${c.exam}/late_changes/`, auth);

  it('lists marks changed or removed after the end of the exam day in Nairobi, newest first', async () => {
    const c = await column();
    await expectStatus(put(c, [{ student: c.amina, mark: 45 }], c.teacher.auth), 200); // set: not late
    await expectStatus(put(c, [{ student: c.baraka, mark: 30 }]), 200);
    await expectStatus(put(c, [{ student: c.amina, mark: 50 }]), 200); // changed: late
    await expectStatus(put(c, [{ student: c.baraka, mark: 31 }]), 200);
    await expectStatus(put(c, [{ student: c.baraka, mark: null }]), 200); // removed: late
    // Baraka's change to 31 was at 23:59 in Nairobi on the last day: not late.
    await t.app.db.execute(sql`
      update mark_changes set changed_at = '2024-03-08T20:59:00Z'
      where exam_id = ${c.exam} and student_id = ${c.baraka} and new_score = 31`);
    const res = await expectStatus(late(c), 200);
    expect(res.json().exam).toEqual({ id: c.exam, name: 'Mid term', end_date: '2024-03-08' });
    expect(
      res
        .json()
        .changes.map((x: Record<string, unknown>) => [
          (x.student as { first_name: string }).first_name,
          x.old,
          x.new,
        ]),
    ).toEqual([
      ['Baraka', 31, null],
      ['Amina', 45, 50],
    ]);
    // At midnight in Nairobi it is late.
    await t.app.db.execute(sql`
      update mark_changes set changed_at = '2024-03-08T21:00:00Z'
      where exam_id = ${c.exam} and student_id = ${c.baraka} and new_score = 31`);
    expect((await late(c)).json().changes).toHaveLength(3);
  });

  it('is for administrators of the school', async () => {
    const c = await column();
    await expectStatus(late(c, c.teacher.auth), 403);
    await expectStatus(late(c, {}), 401);
    await expectStatus(late(c, b.auth), 404, 'Exam not found');
  });
});
