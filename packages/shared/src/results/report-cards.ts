import { z } from 'zod';
import { attendanceCountsSchema } from '../attendance';
import { boundedText, changesOf, idField, LONG_TEXT_MAX } from '../fields';
import { kjseaBaselineSchema } from '../kjsea';
import { MARK_CODES } from './marks';
import { outcomeStatusSchema, RESULTS_FORMATS } from './merit-list';

/**
 * GET /api/exams/{id}/report_cards/?class={id}[&student={id}][&format=pdf|json]: one A4 form per
 * student of the class (or the one student); pdf by default, json for the screen.
 */
export const reportCardsQuery = z.object({
  class: idField('Class'),
  student: idField('Student').optional(),
  format: z.enum(RESULTS_FORMATS, { error: 'Format must be json or pdf' }).optional(),
});
export type ReportCardsQuery = z.input<typeof reportCardsQuery>;

/** The boxes at the top of a form: this exam's, and the previous exam's beside them. */
export const reportSummarySchema = z.object({
  mean_grade: z.string().nullable(),
  mean_mark: z.number().nullable(),
  total_marks: z.number(),
  /** 100 for each subject sat. */
  total_marks_of: z.number().int(),
  total_points: z.number().nullable(),
  /** 84 under the KCSE rules (seven subjects of 12); otherwise 12 (or the top points) per subject sat. */
  total_points_of: z.number().int().nullable(),
  mean_points: z.number().nullable(),
  class_position: z.number().int().nullable(),
  class_size: z.number().int(),
  level_position: z.number().int().nullable(),
  level_size: z.number().int(),
  status: outcomeStatusSchema,
  reason: z.string().nullable(),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

const markSchema = z.union([z.number(), z.enum(MARK_CODES)]);

export const reportSubjectRowSchema = z.object({
  subject: z.number().int(),
  name: z.string(),
  code: z.string(),
  mark: markSchema,
  /** A combined exam's: the mark in each of its components (null: none), in the order of the card's `components`. */
  component_marks: z.array(markSchema.nullable()),
  /** A combined exam's: a component was left out (X or no mark) and the others' weights rescaled. */
  rescaled: z.boolean(),
  /** Against the same subject's mark in the previous exam; null when either is X/Y or missing. */
  deviation: z.number().nullable(),
  grade: z.string().nullable(),
  points: z.number().nullable(),
  position: z.number().int().nullable(),
  entries: z.number().int(),
  /** The comment of the subject's band for this grade. */
  comment: z.string().nullable(),
  /** The subject teacher(s) of the student's class, as the school prints them (initials or names). */
  teacher: z.string().nullable(),
});
export type ReportSubjectRow = z.infer<typeof reportSubjectRowSchema>;

export const reportCardSchema = z.object({
  student: z.object({
    id: z.number().int(),
    name: z.string(),
    admission_number: z.string(),
    class: z.object({ id: z.number().int(), name: z.string() }),
    level: z.string().nullable(),
    photo: z.string().nullable(),
  }),
  school: z.object({
    name: z.string(),
    postal_address: z.string().nullable(),
    phone_number: z.string(),
    email: z.string().nullable(),
    motto: z.string().nullable(),
    logo: z.string().nullable(),
  }),
  exam: z.object({
    id: z.number().int(),
    name: z.string(),
    term: z.string().nullable(),
    year: z.string().nullable(),
  }),
  /** "ACADEMIC REPORT FORM · Form 4 · End of Term 3 · 2026 Term 3" */
  title: z.string(),
  ranks: z.boolean(),
  /** The exams a combined exam's marks come from, with their weights; empty for an ordinary exam. */
  components: z.array(
    z.object({
      exam: z.object({ id: z.number().int(), name: z.string() }),
      weight: z.number().int(),
    }),
  ),
  summary: reportSummarySchema,
  previous_exam: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  previous: reportSummarySchema.nullable(),
  subjects: z.array(reportSubjectRowSchema),
  /** The student's mean (points under the KCSE rules, else mark) in each exam of the year so far. */
  trend: z.array(
    z.object({ exam: z.number().int(), name: z.string(), mean: z.number().nullable() }),
  ),
  /** Kept remarks, or the default from the mean grade's comment. */
  remarks: z.object({ class_teacher: z.string(), principal: z.string() }),
  /** The opening date of the next term, when a later term exists. */
  next_term_opens: z.string().nullable(),
  /**
   * The student's fee balance in cents when the form is made (negative: carried forward), for
   * an admin's forms when the student has a fee ledger; null otherwise (docs/decisions/015).
   */
  fee_balance_cents: z.number().int().nullable(),
  /** The student's registers in the exam's term (its term, else the term holding its date). */
  attendance: attendanceCountsSchema,
  /** A senior-school learner's KJSEA result, when recorded: the baseline of their results. */
  kjsea: kjseaBaselineSchema.optional(),
});
export type ReportCard = z.infer<typeof reportCardSchema>;

export const reportCardsResponse = z.object({ report_cards: z.array(reportCardSchema) });
export type ReportCards = z.infer<typeof reportCardsResponse>;

const remark = (label: string) =>
  boundedText(z.string().trim(), label, { max: LONG_TEXT_MAX, multiline: true });

/** PUT /api/exams/{id}/report_cards/{student}/remarks/ (staff): kept for the printed form. */
export const reportRemarksParams = z.object({
  id: idField('Exam'),
  student: idField('Student'),
});
export const updateReportRemarksBody = changesOf({
  class_teacher: remark("Class teacher's remarks"),
  principal: remark("Principal's remarks"),
});
export type UpdateReportRemarks = z.input<typeof updateReportRemarksBody>;
export const reportRemarksResponse = z.object({ class_teacher: z.string(), principal: z.string() });
