import { describe, expect, it } from 'vitest';
import type { MeritList, MeritListRow } from './merit-list';
import {
  formatDeviation,
  formatSubjectResult,
  meritListColumns,
  meritListFileName,
  meritListTitle,
} from './merit-list-columns';

const row = (overrides: Partial<MeritListRow> = {}): MeritListRow => ({
  student_id: 1,
  admission_number: '1001',
  name: 'Achieng Otieno',
  class: { id: 1, name: '4 East' },
  entry: { exam: 'KCPE', index_number: '123', marks: 389 },
  subjects: [
    { subject: 1, mark: 67, grade: 'B', points: 9, position: 1 },
    { subject: 2, mark: 'X', grade: null, points: null, position: null },
  ],
  subject_count: 1,
  total_marks: 67,
  mean_mark: 67,
  total_points: 9,
  mean_points: 9,
  mean_grade: 'B',
  deviation: 0.4199,
  class_position: 2,
  class_size: 40,
  level_position: 5,
  level_size: 160,
  status: 'complete',
  incomplete: false,
  reason: null,
  ...overrides,
});

const list = (overrides: Partial<MeritList> = {}): MeritList => ({
  exam: {
    id: 1,
    name: 'End Term',
    term: 'Term 3',
    year: '2026',
    grading_scheme: 'kcse',
    ranks: true,
  },
  scope: { kind: 'level', name: 'Form 4', level: 'Form 4', class_id: null },
  previous_exam: { id: 2, name: 'Mid Term' },
  subjects: [
    { id: 1, code: 'ENG', name: 'English', group: 'languages_mathematics', entries: 2 },
    { id: 2, code: 'MAT', name: 'Mathematics', group: 'languages_mathematics', entries: 1 },
  ],
  rows: [row()],
  ...overrides,
});

describe('meritListColumns', () => {
  it('puts the columns in the order Kenyan schools read them', () => {
    expect(meritListColumns(list()).map((c) => c.head)).toEqual([
      'ADM NO',
      'NAME',
      'STREAM',
      'KCPE',
      'ENG',
      'MAT',
      'SBJ',
      'TT MKS',
      'MN MKS',
      'GR',
      'TT PTS',
      'DEV',
      'STR POS',
      'OVR POS',
    ]);
  });

  it('prints cells compactly: mark and grade, X, signed deviation, position of N', () => {
    const cells = Object.fromEntries(meritListColumns(list()).map((c) => [c.head, c.cell(row())]));
    expect(cells).toMatchObject({
      KCPE: '389',
      ENG: '67 B',
      MAT: 'X',
      'MN MKS': '67.00',
      DEV: '+0.42',
      'STR POS': '2/40',
      'OVR POS': '5/160',
    });
  });

  it('leaves out the stream of a class list, entry marks nobody has, and positions of an unranked exam', () => {
    const heads = meritListColumns(
      list({
        exam: { ...list().exam, grading_scheme: 'cbc', ranks: false },
        scope: { kind: 'class', name: '4 East', level: 'Form 4', class_id: 1 },
        rows: [row({ entry: null })],
      }),
    ).map((c) => c.head);
    expect(heads).not.toContain('STREAM');
    expect(heads).not.toContain('KCPE');
    expect(heads).not.toContain('STR POS');
    expect(heads).not.toContain('OVR POS');
  });

  it('heads the entry column ENTRY when the rows carry different entry exams', () => {
    const rows = [row(), row({ entry: { exam: 'KPSEA', index_number: null, marks: 60 } })];
    expect(meritListColumns(list({ rows })).map((c) => c.head)).toContain('ENTRY');
  });

  it('sorts a mean grade by what it was given for, not alphabetically', () => {
    const grade = meritListColumns(list()).find((c) => c.key === 'mean_grade')!;
    expect(grade.sortValue(row({ mean_grade: 'A-', mean_points: 11 }))).toBeGreaterThan(
      grade.sortValue(row({ mean_grade: 'B+', mean_points: 10 })) as number,
    );
  });
});

describe('formatting', () => {
  it('signs deviations and drops trailing zeros', () => {
    expect(formatDeviation(0.42)).toBe('+0.42');
    expect(formatDeviation(-3)).toBe('-3');
    expect(formatDeviation(0)).toBe('0');
    expect(formatDeviation(-0.001)).toBe('0');
    expect(formatDeviation(null)).toBe('');
  });

  it('shows a subject result as mark and grade, or the code', () => {
    expect(
      formatSubjectResult({
        subject: 1,
        mark: 72.5,
        grade: 'B+',
        points: 10,
        position: 1,
      }),
    ).toBe('72.5 B+');
    expect(
      formatSubjectResult({
        subject: 1,
        mark: 'Y',
        grade: null,
        points: null,
        position: null,
      }),
    ).toBe('Y');
    expect(formatSubjectResult(undefined)).toBe('');
  });

  it('titles the list with its scope, exam, year and term', () => {
    expect(meritListTitle(list())).toBe('MERIT LIST · Form 4 · End Term · 2026 Term 3');
    expect(meritListTitle(list({ exam: { ...list().exam, term: null, year: null } }))).toBe(
      'MERIT LIST · Form 4 · End Term',
    );
  });

  it('names the file after the scope, exam, year and term', () => {
    expect(meritListFileName(list())).toBe('merit-list-form-4-end-term-2026-term-3');
    const odd = list({
      scope: { kind: 'class', name: '4 Ëast / Blue', level: null, class_id: 1 },
      exam: { ...list().exam, name: '  CAT #1 ', year: null, term: null },
    });
    expect(meritListFileName(odd)).toBe('merit-list-4-east-blue-cat-1');
  });
});
