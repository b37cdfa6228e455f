import type { StudentExamResult } from '@shule/shared/results/analysis';
import type { Band } from '@shule/shared/results/bands';
import type { MeritList } from '@shule/shared/results/merit-list';
import type { StudentOutcome } from '@shule/shared/results/scheme';
import type { School } from '@shule/shared/schools';
import type { ComponentMarks } from './compute';
import type { ClassRow, ExamRow, SubjectWithBands } from './queries';

/** One class (stream), or every stream of a level. */
export type ResultsScope = { classId: number } | { level: string };

/** The results of an exam for a scope, with what a printed form needs beside the list. */
export interface ExamResults {
  list: MeritList;
  school: School;
  exam: ExamRow;
  /** The classes ranked together (the level's, or the one class without a level). */
  rankedClasses: ClassRow[];
  /** Subjects by id, each with its bands (grade code, points, marks, the grade's comment). */
  subjects: Map<number, SubjectWithBands>;
  /** Each student's outcome under the exam's scheme, by student id. */
  outcomes: Map<number, StudentOutcome>;
  /** The bands of an overall mean mark (one per school grade). */
  meanBands: Band[];
  /** The previous exam's graded marks and outcome of each student of the ranked classes. */
  previous: Map<number, StudentExamResult>;
  /** A combined exam's component marks, by student id; empty for an ordinary exam. */
  componentMarks: Map<number, ComponentMarks>;
}
