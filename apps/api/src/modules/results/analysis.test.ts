import { writeFileSync } from 'node:fs';
import {
  analysisResponse,
  type ExamAnalysis,
  latestResultsResponse,
} from '@shule/shared/results/analysis';
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
import { readPdf } from '../../test/read-pdf';
import { kcseForm4, type Marks, signedInClassTeacher } from '../../test/results-school';
import { insertStudent } from '../../test/seed';

const { t, call, create, newSchool } = useTestApp();

const SUBJECTS = ['ENG', 'MAT', 'BIO'] as const;
type Code = (typeof SUBJECTS)[number];

/**
 * The hand-counted Form 4 of packages/shared/src/results/analysis.test.ts, through the API: the
 * average rule on the KCSE bands, ENG, MAT, BIO.
 *
 * | student | stream | End term (ENG MAT BIO) | mean | Mid term | entry |
 * | Amina   | East   | 80 70 60 | 70 B+    | 70 60 65 (65) | 350 |
 * | Baraka  | East   | 50 X 40  | 45 C-    | 50 50 50 (50) | 380 |
 * | Chebet  | West   | 65 55 Y  | withheld | —             | 400 |
 * | Daudi   | West   | 30 20 25 | 25 E     | 30 30 30 (30) | 300 |
 */
const END_TERM: Record<
  string,
  [stream: 'east' | 'west', marks: Marks<Code>, mid: Marks<Code> | null, entry: number]
> = {
  Amina: ['east', { ENG: 80, MAT: 70, BIO: 60 }, { ENG: 70, MAT: 60, BIO: 65 }, 350],
  Baraka: ['east', { ENG: 50, MAT: 'X', BIO: 40 }, { ENG: 50, MAT: 50, BIO: 50 }, 380],
  Chebet: ['west', { ENG: 65, MAT: 55, BIO: 'Y' }, null, 400],
  Daudi: ['west', { ENG: 30, MAT: 20, BIO: 25 }, { ENG: 30, MAT: 30, BIO: 30 }, 300],
};

async function form4(who: SignedInSchool) {
  const school = await kcseForm4({ t, call, create }, who, SUBJECTS);
  const exam = async (name: string, start: string) =>
    (
      await create(who, '/api/grades/exams/', {
        name,
        start_date: start,
        end_date: start,
        grading_scheme: 'average',
      })
    ).id as number;
  const midTerm = await exam('Mid term', '2026-06-15');
  const endTerm = await exam('End term', '2026-07-27');
  for (const [name, [stream, marks, mid, entry]] of Object.entries(END_TERM)) {
    const id = await school.admit(name, school[stream]);
    await t.app.db
      .update(students)
      .set({ entryMarks: entry, entryExam: 'KCPE' })
      .where(eq(students.id, id));
    await school.saveMarks(id, endTerm, marks);
    if (mid) await school.saveMarks(id, midTerm, mid);
  }
  return { ...school, midTerm, endTerm };
}

const analysisOf = (who: SignedInSchool | Record<string, string>, exam: number, query: string) =>
  call(
    'GET',
    `/api/exams/${exam}/analysis/?${query}`,
    'auth' in who ? (who.auth as Record<string, string>) : who,
  );

const counts = (grades: string[], nonZero: Record<string, number>) => ({
  ...Object.fromEntries(grades.map((g) => [g, 0])),
  ...nonZero,
});

describe('exam analysis', () => {
  it('counts the level by hand: streams, subjects, top students, changes and value added', async () => {
    const who = await newSchool();
    const f = await form4(who);
    const res = await expectStatus(analysisOf(who, f.endTerm, 'level=Form 4'), 200);
    const a = analysisResponse.parse(res.json()) as ExamAnalysis;
    expect(a.exam).toMatchObject({ id: f.endTerm, name: 'End term', grading_scheme: 'average' });
    expect(a.previous_exam).toEqual({ id: f.midTerm, name: 'Mid term' });
    expect(a.measure).toBe('mean_mark');
    expect(a.overall.summary).toEqual({
      entries: 4,
      mean_mark: 46.67,
      mean_points: 5.444,
      mean_grade: 'C-',
      grade_counts: counts(a.grades, { 'B+': 1, 'C-': 1, E: 1, Y: 1 }),
      previous_mean: 48.33,
      deviation: -1.66,
    });
    expect(
      a.overall.subjects.map((s) => [
        s.subject.code,
        s.entries,
        s.mean_mark,
        s.mean_grade,
        s.deviation,
        s.rank,
      ]),
    ).toEqual([
      ['ENG', 4, 56.25, 'C+', 6.25, 1],
      ['MAT', 4, 48.33, 'C-', 1.66, 2],
      ['BIO', 4, 41.67, 'D+', -6.66, 3],
    ]);
    expect(a.overall.subjects[1]!.grade_counts).toEqual(
      counts(a.grades, { 'B+': 1, 'C+': 1, E: 1, X: 1 }),
    );
    expect(a.streams.map((s) => [s.class.name, s.summary.mean_mark, s.summary.deviation])).toEqual([
      ['4 East', 57.5, 0],
      ['4 West', 25, -5],
    ]);
    expect(a.top_students[0]!.students.map((s) => [s.position, s.name, s.mark])).toEqual([
      [1, 'Amina Test', 80],
      [2, 'Chebet Test', 65],
      [3, 'Baraka Test', 50],
    ]);
    expect(a.most_improved.map((c) => [c.name, c.deviation])).toEqual([['Amina Test', 5]]);
    expect(a.most_dropped.map((c) => [c.name, c.deviation])).toEqual([
      ['Baraka Test', -5],
      ['Daudi Test', -5],
    ]);
    expect(a.value_added.map((v) => [v.name, v.value_added])).toEqual([
      ['Amina Test', 1],
      ['Daudi Test', 0],
      ['Baraka Test', -1],
    ]);
  });

  it('analyses one stream against the level’s ranking', async () => {
    const who = await newSchool();
    const f = await form4(who);
    const a = (
      await expectStatus(analysisOf(who, f.endTerm, `class=${f.west}`), 200)
    ).json() as ExamAnalysis;
    expect(a.scope).toMatchObject({ kind: 'class', name: '4 West', class_id: f.west });
    expect(a.streams.map((s) => s.class.name)).toEqual(['4 West']);
    expect(a.overall.summary).toMatchObject({
      entries: 2,
      mean_mark: 25,
      previous_mean: 30,
      deviation: -5,
    });
    expect(a.most_dropped.map((c) => c.name)).toEqual(['Daudi Test']);
    // Daudi is third in the level (Chebet is withheld); alone with entry marks and a place here.
    expect(a.value_added.map((v) => [v.name, v.entry_position, v.position])).toEqual([
      ['Daudi Test', 1, 1],
    ]);
  });

  it('sends exactly the bytes its response schema would (it skips the zod encode)', async () => {
    const who = await newSchool();
    const f = await form4(who);
    for (const query of ['level=Form 4', `class=${f.east}`]) {
      for (const exam of [f.endTerm, f.midTerm]) {
        const res = await expectStatus(analysisOf(who, exam, query), 200);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.body).toBe(JSON.stringify(analysisResponse.parse(JSON.parse(res.body))));
      }
    }
  });

  it('prints the analysis as A4 pages', async () => {
    const who = await newSchool();
    const f = await form4(who);
    const res = await expectStatus(analysisOf(who, f.endTerm, 'level=Form 4&format=pdf'), 200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="analysis-form-4-end-term.pdf"',
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    if (process.env.SAVE_PDFS)
      writeFileSync(`${process.env.SAVE_PDFS}/analysis.pdf`, res.rawPayload);
    const { text, lines, pages } = readPdf(res.rawPayload);
    expect(text).toContain('Form 4');
    expect(text).toContain('End term');
    // Each table under its title, with the streams, subjects and students of the level.
    for (const table of ['STREAMS', 'SUBJECTS']) {
      expect(lines.some((l) => l.startsWith(table))).toBe(true);
    }
    expect(lines).toEqual(expect.arrayContaining(['4 East', '4 West', 'Amina Test']));
    expect(text).toContain('X: absent or a required subject missing');
    expect(text).toContain(`Page ${pages} of ${pages}`);
  });

  it('reads in a constant number of queries whatever the size of the level', async () => {
    const who = await newSchool();
    const f = await form4(who);
    const few = await countQueries(t.app, () => analysisOf(who, f.endTerm, 'level=Form 4'));
    for (let i = 0; i < 20; i++) {
      await insertStudent(t.app, who.schoolId, i % 2 ? f.east : f.west, { first: `Extra${i}` });
    }
    const many = await countQueries(t.app, () => analysisOf(who, f.endTerm, 'level=Form 4'));
    expect(many).toBe(few);
    expect(few).toBeLessThanOrEqual(7);
  });
});

describe('exam analysis: scope and refusals', () => {
  it('answers 400 for no scope, both or a bad format; 404 for an unknown level', async () => {
    const who = await newSchool();
    const f = await form4(who);
    const none = await expectStatus(
      analysisOf(who, f.endTerm, ''),
      400,
      'Choose a class or a level',
    );
    expect(none.json().errors.class).toEqual(['Choose a class or a level']);
    await expectStatus(analysisOf(who, f.endTerm, `class=${f.east}&level=Form 4`), 400);
    await expectStatus(
      analysisOf(who, f.endTerm, 'level=Form 4&format=csv'),
      400,
      'Format must be json or pdf',
    );
    await expectStatus(
      analysisOf(who, f.endTerm, 'level=Form 9'),
      404,
      'No class has the level Form 9',
    );
  });

  it('refuses another school’s exam or class (404) and no token (401)', async () => {
    const ours = await newSchool();
    const theirs = await newSchool();
    const f = await form4(theirs);
    const mine = await form4(ours);
    await expectStatus(analysisOf(ours, f.endTerm, 'level=Form 4'), 404, 'Exam not found');
    await expectStatus(analysisOf(ours, mine.endTerm, `class=${f.east}`), 404, 'Class not found');
    await expectStatus(analysisOf({}, mine.endTerm, 'level=Form 4'), 401);
  });

  it('shows a teacher the class they lead only, as the merit list does', async () => {
    const who = await newSchool();
    const f = await form4(who);
    const auth = await signedInClassTeacher({ t, call, create }, who, f.east);
    await expectStatus(analysisOf(auth, f.endTerm, `class=${f.east}`), 200);
    await expectStatus(analysisOf(auth, f.endTerm, 'level=Form 4'), 403);
    const student = await authAs(t.app, who.schoolId, 'student');
    await expectStatus(analysisOf(student, f.endTerm, `class=${f.east}`), 403);
  });
});

describe('latest results (the dashboard’s card)', () => {
  const latest = (auth: Record<string, string>) => call('GET', '/api/exams/latest_results/', auth);

  it('gives each level’s mean grade and deviation in the latest exam with marks', async () => {
    const who = await newSchool();
    const f = await form4(who);
    // A later exam without marks is not the latest with results.
    await create(who, '/api/grades/exams/', {
      name: 'Joint exam',
      start_date: '2026-09-01',
      end_date: '2026-09-01',
    });
    const body = (await expectStatus(latest(who.auth), 200)).json();
    expect(latestResultsResponse.parse(body)).toEqual({
      exam: { id: f.endTerm, name: 'End term', term: null, year: null },
      previous_exam: { id: f.midTerm, name: 'Mid term' },
      measure: 'mean_mark',
      groups: [
        {
          name: 'Form 4',
          level: 'Form 4',
          class_id: null,
          entries: 4,
          mean_mark: 46.67,
          mean_points: 5.444,
          mean_grade: 'C-',
          deviation: -1.66,
        },
      ],
    });
  });

  it('answers no exam before any mark, whatever another school has', async () => {
    await form4(await newSchool());
    const empty = await newSchool();
    expect((await expectStatus(latest(empty.auth), 200)).json()).toEqual({
      exam: null,
      previous_exam: null,
      measure: null,
      groups: [],
    });
  });

  it('is for admins (403 for a teacher) and needs a token (401)', async () => {
    const who = await newSchool();
    const teacher = await authAs(t.app, who.schoolId, 'teacher');
    await expectStatus(latest(teacher), 403);
    await expectStatus(latest({}), 401);
  });
});
