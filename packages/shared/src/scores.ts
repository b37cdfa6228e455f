import { z } from 'zod';
import { idField, idKey } from './fields';
import { MAX_SCORE, MIN_SCORE } from './grades';
import { MARK_CODES, type Mark, type MarkCode } from './results/marks';

/** A stored mark: a score, or X (absent) or Y (withheld). */
const markSchema = z.union([z.number(), z.enum(MARK_CODES)]);

/**
 * GET /api/students/students_with_grades/?exam=&class=: the grading screen marks one class at a
 * time, so the class is required (docs/decisions/006-lists-that-scale.md).
 */
export const studentsWithGradesQuery = z.object({
  exam: idField('Exam'),
  class: idField('Class'),
});

/** A subject taught in the class: one score input each. */
export const classSubjectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
});
export type ClassSubject = z.infer<typeof classSubjectSchema>;

/**
 * A student of the class with their marks in the exam, keyed by subject id, and the subjects
 * they take when not all of the class's (null: all).
 */
export const studentMarksRowSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  admission_number: z.string(),
  marks: z.record(z.string(), markSchema),
  subjects: z.array(z.number().int()).nullable(),
});
export type StudentMarksRow = z.infer<typeof studentMarksRowSchema>;

export const studentsWithGradesResponse = z.object({
  class: z.object({ id: z.number().int(), name: z.string() }),
  subjects: z.array(classSubjectSchema),
  students: z.array(studentMarksRowSchema),
});
export type StudentsWithGrades = z.infer<typeof studentsWithGradesResponse>;

export const subjectScoreSchema = z.object({
  subject__name: z.string(),
  /** The subject id. */
  subject: z.number().int(),
  score: markSchema,
});
export type SubjectScore = z.infer<typeof subjectScoreSchema>;

/** A mark as typed: a number, a numeric string, X or Y, or empty/null to remove the mark. */
export const markValue = z.union([z.number(), z.string().max(20), z.null()], {
  error: 'Each mark must be a number, X or Y, or empty to remove it',
});

/** POST /api/grades/student_subject_grades/ — one student's marks for one exam. */
export const saveStudentMarksBody = z.object({
  student: idField('Student'),
  exam: idField('Exam'),
  subject_marks: z.record(idKey, markValue, {
    error: (issue) =>
      issue.code === 'invalid_key'
        ? `subject_marks keys must be subject ids, not '${String(issue.input)}'`
        : 'subject_marks must map subject ids to marks',
  }),
});
export type SaveStudentMarks = z.input<typeof saveStudentMarksBody>;

export const saveStudentMarksResponse = z.object({
  message: z.string(),
  student: z.number().int(),
  exam: z.number().int(),
  subject_scores: z.array(subjectScoreSchema),
});
export type SaveStudentMarksResponse = z.infer<typeof saveStudentMarksResponse>;

export const SCORES_SAVED_MESSAGE = 'Student subjects updated successfully';

/**
 * Reads one typed mark: null means "no mark" (remove it), X or Y (either case) is that code, a
 * number 0–100 is kept with at most two decimals (the column's precision), anything else is
 * 'invalid'.
 */
export function parseMark(raw: number | string | null | undefined): Mark | null | 'invalid' {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'string' && raw.trim() === '') return null;
  if (typeof raw === 'string') {
    const code = raw.trim().toUpperCase();
    if ((MARK_CODES as readonly string[]).includes(code)) return code as MarkCode;
  }
  const value = typeof raw === 'number' ? raw : Number(raw.trim());
  if (!Number.isFinite(value) || value < MIN_SCORE || value > MAX_SCORE) return 'invalid';
  return Math.round(value * 100) / 100;
}

export const markOutOfRangeMessage = (subjectName: string) =>
  `Score for ${subjectName} must be a number from ${MIN_SCORE} to ${MAX_SCORE}, X or Y`;
export const subjectNotTakenMessage = (subjectName: string) =>
  `This student does not take ${subjectName}`;
export const subjectNotTaughtMessage = (subjectName: string, className: string) =>
  `${subjectName} is not taught in ${className}`;
