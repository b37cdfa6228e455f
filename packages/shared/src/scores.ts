import { z } from 'zod';
import { requiredId } from './date-status';
import { MAX_SCORE, MIN_SCORE } from './grades';

/** GET /api/students/students_with_grades/?exam= (optionally &class=) */
export const studentsWithGradesQuery = z.object({
  exam: requiredId('Exam'),
  class: requiredId('Class').optional(),
});

export interface SubjectScore {
  subject__name: string;
  /** The subject id. */
  subject: number;
  score: number;
}

/** One row of GET /api/students/students_with_grades/ */
export interface StudentWithScores {
  id: number;
  first_name: string;
  last_name: string;
  admission_number: string;
  _class: { id: number; name: string };
  /** The subjects taught in the student's class: one score input each. */
  subjects: { id: number; name: string; code: string }[];
  /** The student's marks in this exam. */
  subject_scores: SubjectScore[];
}

/** A mark as typed: a number, a numeric string, or empty/null to remove the mark. */
export const markValue = z.union([z.number(), z.string(), z.null()], {
  error: 'Each mark must be a number, or empty to remove it',
});

/** POST /api/grades/student_subject_grades/ — one student's marks for one exam. */
export const saveStudentMarksBody = z.object({
  student: requiredId('Student'),
  exam: requiredId('Exam'),
  subject_marks: z.record(z.string(), markValue, {
    error: 'subject_marks must map subject ids to marks',
  }),
});
export type SaveStudentMarks = z.input<typeof saveStudentMarksBody>;

export interface SaveStudentMarksResponse {
  message: string;
  student: number;
  exam: number;
  subject_scores: SubjectScore[];
}

export const SCORES_SAVED_MESSAGE = 'Student subjects updated successfully';

/**
 * Reads one typed mark: null means "no mark" (remove it), a number 0–100 is kept with at most
 * two decimals (the column's precision), anything else is 'invalid'.
 */
export function parseMark(raw: number | string | null | undefined): number | null | 'invalid' {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'string' && raw.trim() === '') return null;
  const value = typeof raw === 'number' ? raw : Number(raw.trim());
  if (!Number.isFinite(value) || value < MIN_SCORE || value > MAX_SCORE) return 'invalid';
  return Math.round(value * 100) / 100;
}

export const markOutOfRangeMessage = (subjectName: string) =>
  `Score for ${subjectName} must be a number from ${MIN_SCORE} to ${MAX_SCORE}`;
export const subjectNotTaughtMessage = (subjectName: string, className: string) =>
  `${subjectName} is not taught in ${className}`;
