import { z } from 'zod';
import { requiredText } from './fields';

/**
 * A parent's rights over their child's data (Data Protection Act 2019, s.26 and s.40): a copy
 * of everything Shule holds, and erasure (docs/decisions/013-a-parents-rights.md).
 */

export const ERASE_MESSAGES = {
  confirm: "Type the student's admission number to confirm",
  erased: (admissionNumber: string) =>
    `Student ${admissionNumber} erased. Their marks stay in past results as "Erased student".`,
} as const;

/** POST /api/students/{id}/erase/: the admission number typed again, as the confirmation. */
export const eraseStudentBody = z.object({
  confirm: requiredText('Confirmation', { max: 50 }),
});
export type EraseStudentBody = z.input<typeof eraseStudentBody>;

export const eraseStudentResponse = z.object({ message: z.string() });

/** One table's rows as stored, keyed by column name. */
const exportedRows = z.array(z.record(z.string(), z.unknown()));

/**
 * GET /api/students/{id}/data_export/: every row of the personal-data registry that is the
 * child's or their parents', by table, with the names of the classes, exams and subjects
 * those rows name.
 */
export const studentDataExportSchema = z.object({
  format: z.literal('shule-student-data/1'),
  /** ISO 8601 */
  exported_at: z.string(),
  school: z.object({ id: z.number().int(), name: z.string() }),
  student_id: z.number().int(),
  tables: z.record(z.string(), exportedRows),
  labels: z.object({
    classes: z.record(z.string(), z.string()),
    exams: z.record(z.string(), z.string()),
    subjects: z.record(z.string(), z.string()),
  }),
});
export type StudentDataExport = z.infer<typeof studentDataExportSchema>;

/** The export's file name: the admission number, never the child's name. */
export const dataExportFileName = (
  admissionNumber: string,
  format: 'json' | 'pdf' | 'csv' = 'json',
) => `student-${admissionNumber}-data.${format}`;
