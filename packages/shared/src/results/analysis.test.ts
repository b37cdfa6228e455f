import { describe, expect, it } from 'vitest';
import {
  type AnalysisStudent,
  analysisQuery,
  computeAnalysis,
  gradeColumns,
  gradeOfMean,
  type StudentExamResult,
} from './analysis';
import { KCSE_BANDS } from './bands';
import type { Mark } from './marks';
import { gradingScheme, subjectMarkInput } from './scheme';

const SUBJECTS = [
  { id: 1, code: 'ENG', name: 'English', bands: KCSE_BANDS },
  { id: 2, code: 'MAT', name: 'Mathematics', bands: KCSE_BANDS },
  { id: 3, code: 'BIO', name: 'Biology', bands: KCSE_BANDS },
];
const EAST = { id: 10, name: '4 East' };
const WEST = { id: 20, name: '4 West' };

/** Marks in ENG, MAT, BIO graded on the KCSE bands, with the average rule's result. */
function sat(eng: Mark, mat: Mark, bio: Mark): StudentExamResult {
  const inputs = [eng, mat, bio].map((mark, i) => subjectMarkInput(SUBJECTS[i]!, mark, KCSE_BANDS));
  return {
    marks: inputs.map((m) => ({
      subject: m.subjectId,
      mark: m.mark,
      grade: m.grade,
      points: m.points,
    })),
    outcome: gradingScheme('average').outcome(inputs, KCSE_BANDS),
  };
}

let nextId = 1;
function student(
  name: string,
  stream: { id: number },
  fields: Pick<AnalysisStudent, 'current' | 'previous' | 'position' | 'entry_marks'>,
): AnalysisStudent {
  const id = nextId++;
  return { student_id: id, admission_number: `A${id}`, name, class_id: stream.id, ...fields };
}

/**
 * A Form 4 of two streams under the average rule (KCSE bands: A 80+, B+ 70-74, B 65-69, B- 60-64,
 * C+ 55-59, C 50-54, C- 45-49, D+ 40-44, D- 30-34, E 0-29), counted by hand:
 *
 * | student | stream | ENG | MAT | BIO | mean | grade | before | entry |
 * | Amina   | East   | 80  | 70  | 60  | 70   | B+    | 65     | 350   |
 * | Baraka  | East   | 50  | X   | 40  | 45   | C-    | 50     | 380   |
 * | Chebet  | West   | 65  | 55  | Y   | withheld (Y) |  | —  | 400   |
 * | Daudi   | West   | 30  | 20  | 25  | 25   | E     | 30     | 300   |
 *
 * The level: 4 entries; mean of 70, 45, 25 = 46.67 (C-); before, 65, 50, 30 = 48.33; deviation
 * -1.66. English: 80, 50, 65, 30 = 56.25 (C+), before 70, 50, 30 = 50 (+6.25). Mathematics: 70,
 * X, 55, 20: 4 entries, mean 48.33, before 46.67. Biology: 60, 40, Y, 25: mean 41.67, before 48.33.
 */
function form4() {
  nextId = 1;
  return [
    student('Amina', EAST, {
      current: sat(80, 70, 60),
      previous: sat(70, 60, 65),
      position: 1,
      entry_marks: 350,
    }),
    student('Baraka', EAST, {
      current: sat(50, 'X', 40),
      previous: sat(50, 50, 50),
      position: 2,
      entry_marks: 380,
    }),
    student('Chebet', WEST, {
      current: sat(65, 55, 'Y'),
      previous: null,
      position: null,
      entry_marks: 400,
    }),
    student('Daudi', WEST, {
      current: sat(30, 20, 25),
      previous: sat(30, 30, 30),
      position: 3,
      entry_marks: 300,
    }),
  ];
}

const analysis = () =>
  computeAnalysis({
    scheme: 'average',
    meanBands: KCSE_BANDS,
    subjects: SUBJECTS,
    streams: [EAST, WEST],
    students: form4(),
  });

const counts = (nonZero: Record<string, number>) => ({
  ...Object.fromEntries(gradeColumns(KCSE_BANDS).map((g) => [g, 0])),
  ...nonZero,
});

describe('computeAnalysis', () => {
  it('counts the level: entries, means over complete results, grade counts with Y apart', () => {
    const a = analysis();
    expect(a.measure).toBe('mean_mark');
    expect(a.grades).toEqual([
      ...['A', 'A-', 'B+', 'B', 'B-', 'C+', 'C', 'C-', 'D+', 'D', 'D-', 'E'],
      'X',
      'Y',
    ]);
    expect(a.overall.summary).toEqual({
      entries: 4,
      mean_mark: 46.67,
      // Points 12+10+8 = 30/3 = 10; 6+4 = 10/2 = 5; 2+1+1 = 4/3 = 1.333: 16.333 / 3.
      mean_points: 5.444,
      mean_grade: 'C-',
      grade_counts: counts({ 'B+': 1, 'C-': 1, E: 1, Y: 1 }),
      previous_mean: 48.33,
      deviation: -1.66,
    });
  });

  it('counts each subject with X and Y as entries left out of the mean, and ranks them', () => {
    const [eng, mat, bio] = analysis().overall.subjects;
    expect(eng).toEqual({
      subject: { id: 1, code: 'ENG', name: 'English' },
      teacher: null,
      entries: 4,
      mean_mark: 56.25,
      mean_points: 7.25,
      mean_grade: 'C+',
      grade_counts: counts({ A: 1, B: 1, C: 1, 'D-': 1 }),
      previous_mean: 50,
      deviation: 6.25,
      rank: 1,
    });
    expect(mat).toMatchObject({
      entries: 4,
      mean_mark: 48.33,
      mean_grade: 'C-',
      grade_counts: counts({ 'B+': 1, 'C+': 1, E: 1, X: 1 }),
      previous_mean: 46.67,
      deviation: 1.66,
      rank: 2,
    });
    expect(bio).toMatchObject({
      entries: 4,
      mean_mark: 41.67,
      mean_grade: 'D+',
      grade_counts: counts({ 'B-': 1, 'D+': 1, E: 1, Y: 1 }),
      previous_mean: 48.33,
      deviation: -6.66,
      rank: 3,
    });
  });

  it('analyses each stream with its own subject ranks', () => {
    const [east, west] = analysis().streams;
    expect(east!.class).toEqual(EAST);
    expect(east!.summary).toMatchObject({
      entries: 2,
      mean_mark: 57.5,
      mean_grade: 'C+',
      grade_counts: counts({ 'B+': 1, 'C-': 1 }),
      previous_mean: 57.5,
      deviation: 0,
    });
    expect(east!.subjects.map((s) => [s.subject.code, s.mean_mark, s.mean_grade, s.rank])).toEqual([
      ['ENG', 65, 'B', 2],
      ['MAT', 70, 'B+', 1],
      ['BIO', 50, 'C', 3],
    ]);
    expect(west!.summary).toMatchObject({
      entries: 2,
      mean_mark: 25,
      mean_grade: 'E',
      grade_counts: counts({ E: 1, Y: 1 }),
      previous_mean: 30,
      deviation: -5,
    });
  });

  it('lists the top students of each subject', () => {
    const top = analysis().top_students.map((t) => [
      t.subject.code,
      t.students.map((s) => `${s.position} ${s.name} ${s.mark} ${s.class.name}`),
    ]);
    expect(top).toEqual([
      ['ENG', ['1 Amina 80 4 East', '2 Chebet 65 4 West', '3 Baraka 50 4 East']],
      ['MAT', ['1 Amina 70 4 East', '2 Chebet 55 4 West', '3 Daudi 20 4 West']],
      ['BIO', ['1 Amina 60 4 East', '2 Baraka 40 4 East', '3 Daudi 25 4 West']],
    ]);
  });

  it('lists the most improved and most dropped by deviation, a withheld result in neither', () => {
    const a = analysis();
    expect(a.most_improved.map((c) => [c.name, c.previous_mean, c.mean, c.deviation])).toEqual([
      ['Amina', 65, 70, 5],
    ]);
    expect(a.most_dropped.map((c) => [c.name, c.deviation])).toEqual([
      ['Baraka', -5],
      ['Daudi', -5],
    ]);
  });

  it('adds value by entry marks: place at entry against place now, among those ranked', () => {
    expect(
      analysis().value_added.map((v) => [v.name, v.entry_position, v.position, v.value_added]),
    ).toEqual([
      ['Amina', 2, 1, 1],
      ['Daudi', 3, 3, 0],
      ['Baraka', 1, 2, -1],
    ]);
  });

  it('counts incomplete results as X and means points under the KCSE rules', () => {
    const outcome = (
      status: 'complete' | 'incomplete',
      meanPoints: number | null,
      grade: string | null,
    ) => ({
      marks: [],
      outcome: { status, meanMark: null, meanPoints, meanGrade: grade },
    });
    const a = computeAnalysis({
      scheme: 'kcse',
      meanBands: KCSE_BANDS,
      subjects: [],
      streams: [EAST],
      students: [
        student('A', EAST, {
          current: outcome('complete', 8, 'B-'),
          previous: null,
          position: 1,
          entry_marks: null,
        }),
        student('B', EAST, {
          current: outcome('complete', 6.5, 'C'),
          previous: null,
          position: 2,
          entry_marks: null,
        }),
        student('C', EAST, {
          current: outcome('incomplete', null, null),
          previous: null,
          position: null,
          entry_marks: null,
        }),
      ],
    });
    expect(a.measure).toBe('mean_points');
    expect(a.overall.summary).toMatchObject({
      entries: 3,
      mean_points: 7.25,
      mean_grade: 'C+',
      grade_counts: counts({ 'B-': 1, C: 1, X: 1 }),
      deviation: null,
    });
    expect(a.value_added).toEqual([]);
  });
});

describe('gradeOfMean', () => {
  it('grades mean points by the points rounded half up, mean marks by their band', () => {
    expect(gradeOfMean('mean_points', { meanMark: null, meanPoints: 7.45 }, KCSE_BANDS)).toBe('C+');
    expect(gradeOfMean('mean_points', { meanMark: null, meanPoints: 7.5 }, KCSE_BANDS)).toBe('B-');
    expect(gradeOfMean('mean_mark', { meanMark: 79.5, meanPoints: null }, KCSE_BANDS)).toBe('A');
    expect(gradeOfMean('mean_mark', { meanMark: null, meanPoints: 7 }, KCSE_BANDS)).toBeNull();
  });
});

describe('analysisQuery', () => {
  it('takes a level or a class, not both or neither', () => {
    expect(analysisQuery.safeParse({ level: 'Form 4' }).success).toBe(true);
    expect(analysisQuery.safeParse({ class: '3', format: 'pdf' }).success).toBe(true);
    const both = analysisQuery.safeParse({ level: 'Form 4', class: '3' });
    expect(both.error?.issues[0]?.message).toBe('Choose a class or a level');
    expect(analysisQuery.safeParse({}).success).toBe(false);
    expect(
      analysisQuery.safeParse({ level: 'Form 4', format: 'csv' }).error?.issues[0]?.message,
    ).toBe('Format must be json or pdf');
  });
});
