import { describe, expect, it } from 'vitest';
import type { Mark } from './marks';
import type { MeritList, MeritListRow } from './merit-list';
import { packedMeritListResponse, packMeritList, unpackMeritList } from './merit-list-packed';
import { competitionRanksOfNumbers } from './scheme';

const SUBJECTS = [
  { id: 11, code: 'ENG', name: 'English', group: 'languages_mathematics' as const },
  { id: 12, code: 'KIS', name: 'Kiswahili', group: 'languages_mathematics' as const },
  { id: 10, code: 'MAT', name: 'Mathematics', group: 'languages_mathematics' as const },
  { id: 14, code: 'BIO', name: 'Biology', group: 'sciences' as const },
];
const CLASSES = [
  { id: 1, name: '4 East' },
  { id: 2, name: '4 West' },
  { id: 3, name: '4 North' },
];
const BANDS: [lowest: number, grade: string, points: number][] = [
  [80, 'A', 12],
  [70, 'B+', 10],
  [60, 'B', 9],
  [50, 'C+', 7],
  [40, 'C', 6],
  [0, 'E', 1],
];
const band = (mark: number) => BANDS.find(([lowest]) => lowest <= mark)!;

/**
 * Ten students over three streams: Baraka and Chebet tie on every mark, Daudi is absent (X) in
 * Mathematics, Esther has a Y, Faith never sat Biology, Gitau has a half mark; positions as a
 * level's list gives them (subject places among the listed marks).
 */
const MARKS: [name: string, stream: number, marks: (Mark | undefined)[]][] = [
  ['Amina', 0, [88, 75, 92, 81]],
  ['Baraka', 1, [70, 64, 80, 70]],
  ['Chebet', 2, [70, 64, 80, 70]],
  ['Gitau', 0, [55.5, 61, 49, 58]],
  ['Halima', 1, [45, 52, 38, 41]],
  ['Imani', 2, [30, 35, 22, 29]],
  ['Jabari', 0, [62, 58, 66, 60]],
  ['Daudi', 1, [50, 50, 'X', 50]],
  ['Esther', 0, ['Y', 60, 60, 60]],
  ['Faith', 2, [70, 70, 70, undefined]],
];

function levelList(): MeritList {
  const columns = SUBJECTS.map((_, j) =>
    competitionRanksOfNumbers(
      MARKS.map(([, , marks]) => (typeof marks[j] === 'number' ? (marks[j] as number) : null)),
    ),
  );
  const ranked = MARKS.filter(([, , marks]) => marks.every((m) => typeof m === 'number'));
  const rows = MARKS.map(([name, stream, marks], i): MeritListRow => {
    const numeric = marks.filter((m): m is number => typeof m === 'number');
    const total = numeric.reduce((a, b) => a + b, 0);
    const complete = marks.every((m) => typeof m === 'number');
    const levelPlace = complete ? ranked.findIndex(([n]) => n === name) + 1 : null;
    return {
      student_id: 100 + i,
      admission_number: String(2021000 + i),
      name,
      class: CLASSES[stream]!,
      entry:
        i % 3 === 0 ? null : { exam: 'KCPE', index_number: i === 1 ? '123' : null, marks: 300 + i },
      subjects: SUBJECTS.flatMap((subject, j) => {
        const mark = marks[j];
        if (mark === undefined) return [];
        const graded = typeof mark === 'number' ? band(mark) : null;
        return [
          {
            subject: subject.id,
            mark,
            grade: graded?.[1] ?? null,
            points: graded?.[2] ?? null,
            position: columns[j]![i] ?? null,
          },
        ];
      }),
      subject_count: numeric.length,
      total_marks: total,
      mean_mark: marks.includes('Y') ? null : Math.round((total / numeric.length) * 100) / 100,
      total_points: complete ? numeric.reduce((a, m) => a + band(m)[2], 0) : null,
      mean_points: complete ? numeric.reduce((a, m) => a + band(m)[2], 0) / 4 : null,
      mean_grade: complete ? band(total / 4)[1] : null,
      deviation: i === 0 ? 0.57 : i === 4 ? -1.25 : null,
      class_position: complete ? (stream === 0 ? 1 : 2) : null,
      class_size: MARKS.filter(([, s, m]) => s === stream && m.every((x) => typeof x === 'number'))
        .length,
      // Baraka and Chebet share second place.
      level_position: name === 'Chebet' ? 2 : levelPlace,
      level_size: ranked.length,
      status: marks.includes('Y') ? 'withheld' : complete ? 'complete' : 'incomplete',
      incomplete: !complete,
      reason: marks.includes('Y')
        ? 'Result withheld (Y in English)'
        : complete
          ? null
          : 'Incomplete: missing a subject',
    };
  });
  return {
    exam: {
      id: 9,
      name: 'End Term',
      term: 'Term 3',
      year: '2026',
      grading_scheme: 'kcse',
      ranks: true,
    },
    scope: { kind: 'level', name: 'Form 4', level: 'Form 4', class_id: null },
    previous_exam: { id: 8, name: 'Mid Term' },
    subjects: SUBJECTS.map((s, j) => ({
      ...s,
      entries: MARKS.filter(([, , m]) => typeof m[j] === 'number').length,
    })),
    rows,
  };
}

/** One stream's list: its places are still the level's, so they are not its own marks' ranks. */
function classList(): MeritList {
  const level = levelList();
  return {
    ...level,
    scope: { kind: 'class', name: '4 West', level: 'Form 4', class_id: 2 },
    rows: level.rows.filter((r) => r.class.id === 2),
  };
}

describe('packMeritList and unpackMeritList', () => {
  it('give back a level’s list as it was: absent and withheld marks, a subject not sat, ties, three streams', () => {
    const list = levelList();
    const packed = packMeritList(list);
    expect(unpackMeritList(packed)).toEqual(list);
    // The places are those of the marks, so they are not sent; grades are said once a subject.
    expect(packed.rows.places).toBeNull();
    expect(packed.classes).toEqual([
      { id: 1, name: '4 East', size: 3 },
      { id: 2, name: '4 West', size: 2 },
      { id: 3, name: '4 North', size: 2 },
    ]);
    expect(packed.rows.marks[9]).toEqual([70, 70, 70, null]);
    expect(packed.rows.marks[7]).toEqual([50, 50, 'X', 50]);
    const english = packed.subjects[0]!.grading.map(([lowest, g]) => [
      lowest,
      packed.grades[g!]!.grade,
    ]);
    expect(english).toEqual([
      [88, 'A'],
      [70, 'B+'],
      [62, 'B'],
      [50, 'C+'],
      [45, 'C'],
      [30, 'E'],
    ]);
  });

  it('sends the places of a stream’s list, which are the level’s', () => {
    const list = classList();
    const packed = packMeritList(list);
    expect(packed.rows.places).not.toBeNull();
    expect(unpackMeritList(packed)).toEqual(list);
  });

  it('gives back an empty list, and one of an exam that does not rank', () => {
    const empty = { ...levelList(), rows: [] };
    expect(unpackMeritList(packMeritList(empty))).toEqual(empty);
    const level = levelList();
    const unranked: MeritList = {
      ...level,
      exam: { ...level.exam, grading_scheme: 'cbc', ranks: false },
      rows: level.rows.map((r) => ({ ...r, class_position: null, level_position: null })),
    };
    expect(unpackMeritList(packMeritList(unranked))).toEqual(unranked);
  });

  it('is the schema’s shape, field for field in its order', () => {
    const packed = packMeritList(levelList());
    const json = JSON.stringify(packed);
    expect(JSON.stringify(packedMeritListResponse.parse(JSON.parse(json)))).toBe(json);
  });

  it('refuses a list whose subject grades one mark two ways, or whose stream has two sizes', () => {
    const list = levelList();
    const twoGrades = structuredClone(list);
    twoGrades.rows[1]!.subjects[0]!.grade = 'A';
    expect(() => packMeritList(twoGrades)).toThrow(/two grades for 70/);
    const twoSizes = structuredClone(list);
    twoSizes.rows[0]!.class_size = 9;
    expect(() => packMeritList(twoSizes)).toThrow(/class_size/);
  });
});
