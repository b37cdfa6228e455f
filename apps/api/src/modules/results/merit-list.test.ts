import type { MeritList, MeritListRow } from '@shule/shared/results/merit-list';
import { packedMeritListResponse } from '@shule/shared/results/merit-list-packed';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { students } from '../../db/schema/index';
import {
  authAs,
  countQueries,
  expectStatus,
  type SignedInSchool,
  useTestApp,
} from '../../test/app';
import { meritListOf } from '../../test/merit-list-answer';
import { kcseForm4, type Marks as MarksOf, signedInClassTeacher } from '../../test/results-school';
import { insertStudent } from '../../test/seed';

const { t, call, create, newSchool } = useTestApp();

const SUBJECTS = ['ENG', 'KIS', 'MAT', 'BIO', 'CHE', 'PHY', 'HIS', 'CRE', 'AGR'] as const;
type Code = (typeof SUBJECTS)[number];
type Marks = MarksOf<Code>;

/**
 * A Form 4 of two streams on the one-click KCSE scale (A 80-100 … E 0-29), worked by hand under
 * KNEC's rule since 2023 (Mathematics + the better of English and Kiswahili + the best five):
 *
 * | student | stream | points (of 84) | marks | level | stream |
 * | Amina   | East   | 12+9+(11+10+8+7+7) = 64, B | 512 | 1 | 1 |
 * | Baraka  | East   | 64, B (same grades, fewer marks) | 505 | 2 | 2 |
 * | Chebet  | West   | 64, B (Baraka's marks exactly)  | 505 | 2 (tie) | 1 |
 * | Gitau   | West   | 1+3+(8+6+5+4+2) = 29, D+ | 347 | 4 | 2 |
 * | Daudi   | West   | X in Mathematics: incomplete | | - | - |
 * | Faith   | West   | six subjects: incomplete | | - | - |
 * | Esther  | East   | Y in English: withheld | | - | - |
 *
 * In the Mid term before it, Amina had 12+... = 60 points (8.571 mean points against 9.143 now):
 * a deviation of +0.57. Nobody else sat the Mid term.
 */
const END_TERM: Record<string, { stream: 'east' | 'west'; marks: Marks }> = {
  Amina: {
    stream: 'east',
    marks: { ENG: 66, KIS: 56, MAT: 80, BIO: 70, CHE: 62, PHY: 58, HIS: 75, CRE: 45 },
  },
  Baraka: {
    stream: 'east',
    marks: { ENG: 65, KIS: 55, MAT: 80, BIO: 70, CHE: 60, PHY: 55, HIS: 75, CRE: 45 },
  },
  Chebet: {
    stream: 'west',
    marks: { ENG: 65, KIS: 55, MAT: 80, BIO: 70, CHE: 60, PHY: 55, HIS: 75, CRE: 45 },
  },
  Gitau: {
    stream: 'west',
    marks: { ENG: 30, KIS: 35, MAT: 25, BIO: 40, CHE: 29, PHY: 45, HIS: 50, CRE: 33, AGR: 60 },
  },
  Daudi: {
    stream: 'west',
    marks: { ENG: 50, KIS: 50, MAT: 'X', BIO: 50, CHE: 50, PHY: 50, HIS: 50, CRE: 50 },
  },
  Faith: { stream: 'west', marks: { ENG: 70, MAT: 70, BIO: 70, CHE: 70, HIS: 70, CRE: 70 } },
  Esther: {
    stream: 'east',
    marks: { ENG: 'Y', KIS: 60, MAT: 60, BIO: 60, CHE: 60, PHY: 60, HIS: 60, CRE: 60 },
  },
};
const AMINA_MID_TERM: Marks = {
  ENG: 65,
  KIS: 56,
  MAT: 75,
  BIO: 65,
  CHE: 62,
  PHY: 58,
  HIS: 65,
  CRE: 45,
};

async function form4(who: SignedInSchool, examExtra: object = {}) {
  const form3 = (await create(who, '/api/classes/', { name: '3 North', level: 'Form 3' })).class
    .id as number;
  const school = await kcseForm4({ t, call, create }, who, SUBJECTS, [form3]);
  const exam = async (name: string, start: string, extra: object = {}) =>
    (
      await create(who, '/api/grades/exams/', {
        name,
        start_date: start,
        end_date: start,
        ...extra,
      })
    ).id as number;
  const midTerm = await exam('Mid term', '2026-06-15');
  const endTerm = await exam('End term', '2026-07-27', examExtra);
  const ids: Record<string, number> = {};
  for (const [name, { stream: s, marks }] of Object.entries(END_TERM)) {
    ids[name] = await school.admit(name, s === 'east' ? school.east : school.west);
    await school.saveMarks(ids[name]!, endTerm, marks);
  }
  await school.saveMarks(ids.Amina!, midTerm, AMINA_MID_TERM);
  // A Form 3 student sits the exam too, and must not appear in Form 4's list.
  await school.saveMarks(await school.admit('Zuri', form3), endTerm, { MAT: 99, ENG: 99 });
  return { ...school, form3, midTerm, endTerm, ids };
}

const meritList = (who: SignedInSchool | Record<string, string>, exam: number, query: string) =>
  call(
    'GET',
    `/api/exams/${exam}/merit_list/?${query}`,
    'auth' in who ? (who.auth as Record<string, string>) : who,
  );

const byName = (list: MeritList) =>
  Object.fromEntries(list.rows.map((r) => [r.name.split(' ')[0]!, r])) as Record<
    string,
    MeritListRow
  >;

describe('merit list of a level (KCSE, since 2023)', () => {
  it('ranks by total points, breaks ties by total marks, shares equal places', async () => {
    const who = await newSchool();
    const f = await form4(who);
    const res = await expectStatus(meritList(who, f.endTerm, 'level=Form%204'), 200);
    const list = meritListOf(res);
    // The level's subject places are those of its marks: the answer leaves them out.
    expect(res.json().rows.places).toBeNull();
    expect(list.exam).toMatchObject({ name: 'End term', grading_scheme: 'kcse', ranks: true });
    expect(list.scope).toEqual({ kind: 'level', name: 'Form 4', level: 'Form 4', class_id: null });
    expect(list.previous_exam).toEqual({ id: f.midTerm, name: 'Mid term' });
    expect(list.rows.map((r) => r.name.split(' ')[0])).toEqual([
      'Amina',
      'Baraka',
      'Chebet',
      'Gitau',
      'Daudi',
      'Esther',
      'Faith',
    ]);
    const r = byName(list);
    expect(r.Amina).toMatchObject({
      class: { id: f.east, name: '4 East' },
      subject_count: 8,
      total_marks: 512,
      mean_mark: 64,
      total_points: 64,
      mean_points: 9.143,
      mean_grade: 'B',
      deviation: 0.57,
      class_position: 1,
      class_size: 2,
      level_position: 1,
      level_size: 4,
      status: 'complete',
      incomplete: false,
      reason: null,
    });
    expect(r.Baraka).toMatchObject({
      total_points: 64,
      total_marks: 505,
      level_position: 2,
      class_position: 2,
      deviation: null,
    });
    expect(r.Chebet).toMatchObject({ level_position: 2, class_position: 1, class_size: 2 });
    expect(r.Gitau).toMatchObject({
      total_points: 29,
      mean_grade: 'D+',
      total_marks: 347,
      subject_count: 9,
      level_position: 4,
      class_position: 2,
    });
    expect(r.Daudi).toMatchObject({
      status: 'incomplete',
      incomplete: true,
      mean_grade: null,
      total_points: null,
      level_position: null,
      class_position: null,
      subject_count: 7,
    });
    expect(r.Daudi!.reason).toMatch(/Mathematics|MAT/);
    expect(r.Faith).toMatchObject({ status: 'incomplete', subject_count: 6, mean_grade: null });
    expect(r.Esther).toMatchObject({ status: 'withheld', incomplete: true, mean_grade: null });
    expect(r.Esther!.reason).toMatch(/ENG/);

    // Each subject's mark, grade and points, and its place among the level's marks in it.
    const mat = (row: MeritListRow) => row.subjects.find((s) => s.subject === f.subjectIds.MAT);
    expect(mat(r.Amina!)).toEqual({
      subject: f.subjectIds.MAT,
      mark: 80,
      grade: 'A',
      points: 12,
      position: 1,
    });
    expect(mat(r.Faith!)).toMatchObject({ mark: 70, grade: 'B+', position: 4 });
    expect(mat(r.Esther!)).toMatchObject({ mark: 60, grade: 'B-', position: 5 });
    expect(mat(r.Daudi!)).toEqual({
      subject: f.subjectIds.MAT,
      mark: 'X',
      grade: null,
      points: null,
      position: null,
    });
    // Columns: the subjects with marks in KNEC's order (Biology 231, Physics 232, Chemistry 233;
    // History 311 … CRE 313).
    expect(list.subjects.map((s) => s.code)).toEqual([
      'ENG',
      'KIS',
      'MAT',
      'BIO',
      'PHY',
      'CHE',
      'HIS',
      'CRE',
      'AGR',
    ]);
  });

  it('lists one stream with the level’s overall positions beside its own', async () => {
    const who = await newSchool();
    const f = await form4(who);
    const list = meritListOf(await expectStatus(meritList(who, f.endTerm, `class=${f.west}`), 200));
    expect(list.scope).toEqual({
      kind: 'class',
      name: '4 West',
      level: 'Form 4',
      class_id: f.west,
    });
    expect(
      list.rows.map((r) => [r.name.split(' ')[0], r.class_position, r.level_position]),
    ).toEqual([
      ['Chebet', 1, 2],
      ['Gitau', 2, 4],
      ['Daudi', null, null],
      ['Faith', null, null],
    ]);
  });

  it('follows the exam’s scheme: the old cluster rule, the average (six subjects rank) and CBC (no places)', async () => {
    const who = await newSchool();
    const f = await form4(who, { grading_scheme: 'average' });
    const average = byName(
      meritListOf(await expectStatus(meritList(who, f.endTerm, 'level=Form 4'), 200)),
    );
    expect(average.Faith).toMatchObject({
      status: 'complete',
      mean_mark: 70,
      mean_grade: 'B+',
      level_position: 1,
    });
    expect(average.Amina).toMatchObject({ mean_mark: 64, mean_grade: 'B-', level_position: 2 });
    expect(average.Daudi).toMatchObject({ status: 'complete', subject_count: 7 });

    await call('PATCH', `/api/grades/exams/${f.endTerm}/`, who.auth, { grading_scheme: 'cbc' });
    const cbc = meritListOf(await meritList(who, f.endTerm, 'level=Form 4'));
    expect(cbc.exam.ranks).toBe(false);
    expect(
      cbc.rows.every((row) => row.level_position === null && row.class_position === null),
    ).toBe(true);

    await call('PATCH', `/api/grades/exams/${f.endTerm}/`, who.auth, {
      grading_scheme: 'kcse_cluster',
    });
    const cluster = byName(meritListOf(await meritList(who, f.endTerm, 'level=Form 4')));
    // English 9, Kiswahili 7, Mathematics 12, Biology 10 + Chemistry 8, History 11, best other: Physics 7.
    expect(cluster.Amina).toMatchObject({ total_points: 64, mean_grade: 'B' });
  });

  it('sends exactly the bytes its response schema would (it skips the zod encode)', async () => {
    const who = await newSchool();
    const f = await form4(who);
    // A name JSON has to escape, an entry exam, and a mark with a fraction.
    const odd = await insertStudent(t.app, who.schoolId, f.east, {
      first: 'Nyambura "Shiku"',
      last: 'Wanjirũ \\',
    });
    await t.app.db
      .update(students)
      .set({ entryExam: 'KCPE', entryIndexNumber: '12345678001', entryMarks: 401 })
      .where(eq(students.id, odd));
    await expectStatus(
      call('POST', '/api/grades/student_subject_grades/', who.auth, {
        student: odd,
        exam: f.endTerm,
        subject_marks: { [f.subjectIds.MAT]: 67.5, [f.subjectIds.ENG]: 'X' },
      }),
      200,
    );
    const lists: [number, string][] = [
      [f.endTerm, 'level=Form%204'],
      [f.endTerm, `class=${f.east}`],
      [f.midTerm, 'level=Form%204'],
    ];
    for (const [exam, query] of lists) {
      const res = await expectStatus(meritList(who, exam, query), 200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.body).toBe(JSON.stringify(packedMeritListResponse.parse(JSON.parse(res.body))));
    }
    const row = meritListOf(await meritList(who, f.endTerm, 'level=Form%204')).rows.find(
      (r) => r.student_id === odd,
    );
    expect(row?.entry).toEqual({ exam: 'KCPE', index_number: '12345678001', marks: 401 });
    expect(row?.subjects.find((s) => s.subject === f.subjectIds.MAT)?.mark).toBe(67.5);
  });

  it('reads the marks in a constant number of queries whatever the size of the level', async () => {
    const who = await newSchool();
    const f = await form4(who);
    const few = await countQueries(t.app, () => meritList(who, f.endTerm, 'level=Form 4'));
    for (let i = 0; i < 20; i++) {
      await insertStudent(t.app, who.schoolId, i % 2 ? f.east : f.west, { first: `Extra${i}` });
    }
    const many = await countQueries(t.app, () => meritList(who, f.endTerm, 'level=Form 4'));
    expect(many).toBe(few);
    expect(few).toBeLessThanOrEqual(7);
  });
});

describe('merit list: scope and refusals', () => {
  it('answers 400 for no scope, both, or a bad class; 404 for an unknown level or exam 0', async () => {
    const who = await newSchool();
    const f = await form4(who);
    const none = await expectStatus(
      meritList(who, f.endTerm, ''),
      400,
      'Choose a class or a level',
    );
    expect(none.json().errors.class).toEqual(['Choose a class or a level']);
    await expectStatus(meritList(who, f.endTerm, `class=${f.east}&level=Form 4`), 400);
    await expectStatus(meritList(who, f.endTerm, 'class=abc'), 400);
    await expectStatus(
      meritList(who, f.endTerm, 'level=Form 9'),
      404,
      'No class has the level Form 9',
    );
    await expectStatus(call('GET', '/api/exams/0/merit_list/?level=Form 4', who.auth), 404);
  });

  it('lists only the classes that sit the exam', async () => {
    const who = await newSchool();
    const f = await form4(who);
    await expectStatus(
      call('PATCH', `/api/grades/exams/${f.endTerm}/`, who.auth, { classes: [f.east] }),
      200,
    );
    const list = meritListOf(await meritList(who, f.endTerm, 'level=Form 4'));
    expect(new Set(list.rows.map((r) => r.class.name))).toEqual(new Set(['4 East']));
    await expectStatus(
      meritList(who, f.endTerm, `class=${f.west}`),
      400,
      '4 West does not sit this exam',
    );
  });

  it('refuses another school’s exam or class (404) and no token (401)', async () => {
    const ours = await newSchool();
    const theirs = await newSchool();
    const f = await form4(theirs);
    const mine = await form4(ours);
    await expectStatus(meritList(ours, f.endTerm, 'level=Form 4'), 404, 'Exam not found');
    await expectStatus(meritList(ours, mine.endTerm, `class=${f.east}`), 404, 'Class not found');
    await expectStatus(meritList({}, mine.endTerm, 'level=Form 4'), 401);
  });

  it('shows a teacher the class they lead, and nothing else', async () => {
    const who = await newSchool();
    const f = await form4(who);
    const auth = await signedInClassTeacher({ t, call, create }, who, f.east);
    await expectStatus(meritList(auth, f.endTerm, `class=${f.east}`), 200);
    await expectStatus(
      meritList(auth, f.endTerm, `class=${f.west}`),
      403,
      'You can see the results of the class you teach',
    );
    await expectStatus(meritList(auth, f.endTerm, 'level=Form 4'), 403);
    const student = await authAs(t.app, who.schoolId, 'student');
    await expectStatus(meritList(student, f.endTerm, `class=${f.east}`), 403);
  });
});
