import { z } from 'zod';
import { MARK_CODES, type Mark } from './marks';
import {
  type MeritList,
  type MeritListRow,
  meritListResponse,
  outcomeStatusSchema,
  resultsSubjectSchema,
  type SubjectResult,
} from './merit-list';
import { competitionRanksOfNumbers } from './scheme';

/**
 * A merit list as GET /api/exams/{id}/merit_list/ sends it: the MeritList with everything a row
 * repeats said once. Each field of the rows is one list (a value per row, in the list's order)
 * and each row's marks are one list in the order of `subjects`. A mark's grade and points come
 * from its subject's `grading`, and its place from the column's marks unless `places` is sent:
 * a level's list of 500 is a few per cent of the rows written out, most of it the marks
 * themselves. packMeritList and unpackMeritList turn one into the other without loss.
 */

const int = z.number().int();

/** A row's mark in a column: the number, X or Y, or null when the student has no mark in it. */
const markCellSchema = z.union([z.number(), z.enum(MARK_CODES)]).nullable();

/** [lowest mark, index in `grades`] of a run of marks with one grade, best marks first. */
const gradingRunSchema = z.tuple([z.number(), int]);

const packedColumnsSchema = z.object({
  student_id: z.array(int),
  admission_number: z.array(z.string()),
  name: z.array(z.string()),
  /** The index in `classes`. */
  class: z.array(int),
  /** [exam, index number, marks], or null. */
  entry: z.array(
    z.tuple([z.string().nullable(), z.string().nullable(), int.nullable()]).nullable(),
  ),
  subject_count: z.array(int),
  total_marks: z.array(z.number()),
  mean_mark: z.array(z.number().nullable()),
  total_points: z.array(z.number().nullable()),
  mean_points: z.array(z.number().nullable()),
  mean_grade: z.array(z.string().nullable()),
  deviation: z.array(z.number().nullable()),
  class_position: z.array(int.nullable()),
  level_position: z.array(int.nullable()),
  status: z.array(outcomeStatusSchema),
  reason: z.array(z.string().nullable()),
  /** A row's marks in the order of `subjects`. */
  marks: z.array(z.array(markCellSchema)),
  /**
   * A row's subject places in the order of `subjects`; null when every place is the one its
   * mark takes among the column's marks (a level's list, where all the students ranked are
   * listed).
   */
  places: z.array(z.array(int.nullable())).nullable(),
});

export const packedMeritListResponse = z.object({
  exam: meritListResponse.shape.exam,
  scope: meritListResponse.shape.scope,
  previous_exam: meritListResponse.shape.previous_exam,
  /** The columns; `grading` gives the grade of each mark the column holds. */
  subjects: z.array(
    resultsSubjectSchema.extend({ entries: int, grading: z.array(gradingRunSchema) }),
  ),
  /** Each grade and its points, once. */
  grades: z.array(z.object({ grade: z.string().nullable(), points: z.number().nullable() })),
  /** The streams listed, each with the students of it ranked. */
  classes: z.array(z.object({ id: int, name: z.string(), size: int })),
  /** The students of the level (or the lone class) ranked. */
  level_size: int,
  rows: packedColumnsSchema,
});
export type PackedMeritList = z.infer<typeof packedMeritListResponse>;

/**
 * A list that breaks what every merit list keeps: one grade per mark of a subject, one size per
 * class, X and Y without a grade.
 */
class MeritListShapeError extends Error {}

function indexer<Key>(keyOf: (value: Key) => string) {
  const index = new Map<string, number>();
  const values: Key[] = [];
  return {
    values,
    indexOf(value: Key) {
      const key = keyOf(value);
      let i = index.get(key);
      if (i === undefined) {
        i = values.length;
        index.set(key, i);
        values.push(value);
      }
      return i;
    },
  };
}

/** A subject's runs of marks with one grade, from the marks the rows hold in it. */
function gradingRuns(gradeOfMark: Map<number, number>): [number, number][] {
  const runs: [number, number][] = [];
  for (const mark of [...gradeOfMark.keys()].sort((a, b) => b - a)) {
    const grade = gradeOfMark.get(mark)!;
    const last = runs.at(-1);
    if (last && last[1] === grade) last[0] = mark;
    else runs.push([mark, grade]);
  }
  return runs;
}

const gradeIndexIn = (runs: readonly [number, number][], mark: number) =>
  runs.find(([lowest]) => lowest <= mark)?.[1] ?? null;

const numericMarks = (marks: readonly (readonly (Mark | null)[])[], column: number) =>
  marks.map((row) => {
    const mark = row[column];
    return typeof mark === 'number' ? mark : null;
  });

export function packMeritList(list: MeritList): PackedMeritList {
  const { rows } = list;
  const columnOf = new Map(list.subjects.map((s, i) => [s.id, i]));
  const grades = indexer<{ grade: string | null; points: number | null }>(
    (g) => `${g.grade}\u0000${g.points}`,
  );
  const gradeOfMark = list.subjects.map(() => new Map<number, number>());
  const classes = new Map<number, { id: number; name: string; size: number }>();
  const levelSize = rows[0]?.level_size ?? 0;

  const marks: (Mark | null)[][] = [];
  const places: (number | null)[][] = [];
  for (const row of rows) {
    const known = classes.get(row.class.id);
    if (known && known.size !== row.class_size) {
      throw new MeritListShapeError(`Rows of class ${row.class.id} differ in class_size`);
    }
    if (!known) classes.set(row.class.id, { ...row.class, size: row.class_size });
    if (row.level_size !== levelSize) throw new MeritListShapeError('Rows differ in level_size');
    if (row.incomplete !== (row.status !== 'complete')) {
      throw new MeritListShapeError(`Row ${row.student_id} is incomplete against its status`);
    }
    const rowMarks = new Array<Mark | null>(list.subjects.length).fill(null);
    const rowPlaces = new Array<number | null>(list.subjects.length).fill(null);
    for (const result of row.subjects) {
      const column = columnOf.get(result.subject);
      if (column === undefined || rowMarks[column] !== null) {
        throw new MeritListShapeError(
          `Row ${row.student_id}: subject ${result.subject} is not one column`,
        );
      }
      rowMarks[column] = result.mark;
      rowPlaces[column] = result.position;
      if (typeof result.mark !== 'number') {
        if (result.grade !== null || result.points !== null) {
          throw new MeritListShapeError(`Row ${row.student_id}: a grade for ${result.mark}`);
        }
        continue;
      }
      // A mark seen before in the column must have its grade: only a new one is looked up.
      const seen = gradeOfMark[column]!.get(result.mark);
      if (seen === undefined) {
        gradeOfMark[column]!.set(
          result.mark,
          grades.indexOf({ grade: result.grade, points: result.points }),
        );
      } else if (
        grades.values[seen]!.grade !== result.grade ||
        grades.values[seen]!.points !== result.points
      ) {
        throw new MeritListShapeError(`Subject ${result.subject}: two grades for ${result.mark}`);
      }
    }
    marks.push(rowMarks);
    places.push(rowPlaces);
  }

  const placesByMark = list.subjects.every((_, column) => {
    const ranks = competitionRanksOfNumbers(numericMarks(marks, column));
    return places.every((row, i) => row[column] === ranks[i]);
  });

  const classIndex = new Map([...classes.keys()].map((id, i) => [id, i]));
  return {
    exam: list.exam,
    scope: list.scope,
    previous_exam: list.previous_exam,
    subjects: list.subjects.map((s, column) => ({
      ...s,
      grading: gradingRuns(gradeOfMark[column]!),
    })),
    grades: grades.values,
    classes: [...classes.values()],
    level_size: levelSize,
    rows: {
      student_id: rows.map((r) => r.student_id),
      admission_number: rows.map((r) => r.admission_number),
      name: rows.map((r) => r.name),
      class: rows.map((r) => classIndex.get(r.class.id)!),
      entry: rows.map((r) =>
        r.entry ? [r.entry.exam, r.entry.index_number, r.entry.marks] : null,
      ),
      subject_count: rows.map((r) => r.subject_count),
      total_marks: rows.map((r) => r.total_marks),
      mean_mark: rows.map((r) => r.mean_mark),
      total_points: rows.map((r) => r.total_points),
      mean_points: rows.map((r) => r.mean_points),
      mean_grade: rows.map((r) => r.mean_grade),
      deviation: rows.map((r) => r.deviation),
      class_position: rows.map((r) => r.class_position),
      level_position: rows.map((r) => r.level_position),
      status: rows.map((r) => r.status),
      reason: rows.map((r) => r.reason),
      marks,
      places: placesByMark ? null : places,
    },
  };
}

/**
 * The MeritList a packed answer stands for: what the screens, CSV and tests read. A row's
 * subjects come in the order of the list's columns.
 */
export function unpackMeritList(packed: PackedMeritList): MeritList {
  const { rows: columns, grades } = packed;
  const placesByMark = packed.subjects.map((_, column) =>
    columns.places ? null : competitionRanksOfNumbers(numericMarks(columns.marks, column)),
  );
  const rows = columns.student_id.map((studentId, i): MeritListRow => {
    const subjects: SubjectResult[] = [];
    columns.marks[i]!.forEach((mark, column) => {
      if (mark === null) return;
      const subject = packed.subjects[column]!;
      const grade = typeof mark === 'number' ? gradeIndexIn(subject.grading, mark) : null;
      subjects.push({
        subject: subject.id,
        mark,
        grade: grade === null ? null : grades[grade]!.grade,
        points: grade === null ? null : grades[grade]!.points,
        position: (columns.places ? columns.places[i]![column] : placesByMark[column]![i]) ?? null,
      });
    });
    const stream = packed.classes[columns.class[i]!]!;
    const entry = columns.entry[i]!;
    const status = columns.status[i]!;
    return {
      student_id: studentId,
      admission_number: columns.admission_number[i]!,
      name: columns.name[i]!,
      class: { id: stream.id, name: stream.name },
      entry: entry ? { exam: entry[0], index_number: entry[1], marks: entry[2] } : null,
      subjects,
      subject_count: columns.subject_count[i]!,
      total_marks: columns.total_marks[i]!,
      mean_mark: columns.mean_mark[i]!,
      total_points: columns.total_points[i]!,
      mean_points: columns.mean_points[i]!,
      mean_grade: columns.mean_grade[i]!,
      deviation: columns.deviation[i]!,
      class_position: columns.class_position[i]!,
      class_size: stream.size,
      level_position: columns.level_position[i]!,
      level_size: packed.level_size,
      status,
      incomplete: status !== 'complete',
      reason: columns.reason[i]!,
    };
  });
  return {
    exam: packed.exam,
    scope: packed.scope,
    previous_exam: packed.previous_exam,
    subjects: packed.subjects.map(({ grading: _, ...subject }) => subject),
    rows,
  };
}
