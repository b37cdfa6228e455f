/**
 * Mark entry by subject (one exam, one class, one subject: a column of students) and the record
 * of every change to a mark (docs/decisions/018-mark-entry-and-history.md).
 */
import { z } from 'zod';
import { idField } from './fields';
import { MARK_CODES, type Mark } from './results/marks';
import { markValue, parseMark } from './scores';

const stored = z.union([z.number(), z.enum(MARK_CODES)]);
/** A stored mark, or null for no mark. */
export const entryMarkSchema = stored.nullable();
export type EntryMark = z.infer<typeof entryMarkSchema>;

export const CLASS_OR_GROUP_MESSAGE = 'Send a class or a teaching group, not both';

/**
 * ?class=&subject= of GET and PUT /api/exams/{id}/marks/, or ?group=&subject= for a senior
 * school's teaching group (its members across streams).
 */
export const markEntryQuery = z
  .object({
    class: idField('Class').optional(),
    group: idField('Group').optional(),
    subject: idField('Subject'),
  })
  .refine((q) => q.class !== undefined || q.group !== undefined, {
    path: ['class'],
    message: 'Class is required',
  })
  .refine((q) => q.class === undefined || q.group === undefined, {
    path: ['group'],
    message: CLASS_OR_GROUP_MESSAGE,
  });
export type MarkEntryQuery = z.infer<typeof markEntryQuery>;

export const markEntryBandSchema = z.object({
  code: z.string(),
  points: z.number().nullable(),
  min: z.number(),
  max: z.number(),
});
export type MarkEntryBand = z.infer<typeof markEntryBandSchema>;

/** One student's row: active students who take the subject, and left ones who have a mark. */
export const markEntryStudentSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  admission_number: z.string(),
  is_active: z.boolean(),
  mark: entryMarkSchema,
  /** The student's stream: only in a teaching group's list, whose members come from several. */
  class_name: z.string().optional(),
});
export type MarkEntryStudent = z.infer<typeof markEntryStudentSchema>;

export const markEntryResponse = z.object({
  exam: z.object({
    id: z.number().int(),
    name: z.string(),
    start_date: z.string(),
    end_date: z.string(),
  }),
  /** The class of the column; null for a teaching group's. */
  class: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The teaching group of the column; null for a class's. */
  group: z.object({ id: z.number().int(), name: z.string(), level: z.string() }).nullable(),
  subject: z.object({ id: z.number().int(), name: z.string(), code: z.string() }),
  /** The subject's grade bands, best first: the grade beside each mark. */
  bands: z.array(markEntryBandSchema),
  students: z.array(markEntryStudentSchema),
});
export type MarkEntry = z.infer<typeof markEntryResponse>;

/** The most marks one PUT takes: a class of a few hundred at most. */
export const MAX_MARKS_PER_BATCH = 500;

export const markEntryRowBody = z.object({
  student: idField('Student'),
  /** 0-100, "X", "Y", or null (or "") to remove the mark. */
  mark: markValue,
  /**
   * The mark the client last saw on the server (null: none). When the server's mark differs,
   * the write still goes (last write wins) and the answer says what was replaced.
   */
  base: markValue.optional(),
});

export const saveMarkEntryBody = z.object({
  marks: z
    .array(markEntryRowBody, { error: 'marks must be a list of { student, mark }' })
    .min(1, 'Send at least one mark')
    .max(MAX_MARKS_PER_BATCH, `Send at most ${MAX_MARKS_PER_BATCH} marks at once`),
});
export type SaveMarkEntry = z.input<typeof saveMarkEntryBody>;

export const changedBySchema = z.object({
  id: z.number().int(),
  /** Null when the user no longer exists. */
  name: z.string().nullable(),
});

export const savedMarkSchema = z.object({
  student: z.number().int(),
  mark: entryMarkSchema,
  /** The grade from the subject's bands; null for no mark, X, Y or a mark no band holds. */
  grade: z.string().nullable(),
  /** Present when `base` was sent and the server held another mark, now replaced. */
  overwritten: z
    .object({
      was: entryMarkSchema,
      /** Null when the replaced mark was entered before changes were recorded. */
      changed_by: changedBySchema.nullable(),
      changed_at: z.string().nullable(),
    })
    .optional(),
});
export type SavedMark = z.infer<typeof savedMarkSchema>;

export const saveMarkEntryResponse = z.object({
  message: z.string(),
  marks: z.array(savedMarkSchema),
});
export type SaveMarkEntryResponse = z.infer<typeof saveMarkEntryResponse>;

export const MARKS_SAVED_MESSAGE = 'Marks saved';

// The messages of a refused batch: the row's field is `marks.{i}.mark` (or `.student`).
export const entryMarkInvalidMessage = (name: string) =>
  `${name}: the mark must be a number from 0 to 100, X or Y`;
export const entryBaseInvalidMessage = (name: string) =>
  `${name}: the mark last seen must be a number from 0 to 100, X or Y`;
export const notInClassMessage = (studentId: number, className: string) =>
  `Student ${studentId} is not in ${className}`;
export const notTakingSubjectMessage = (name: string, subject: string) =>
  `${name} does not take ${subject}`;
export const hasLeftMessage = (name: string) =>
  `${name} has left the school: only marks they already have can be changed`;
export const sentTwiceMessage = (name: string) => `${name} is in this batch twice`;
export const classDoesNotSitMessage = (className: string, exam: string) =>
  `${className} does not sit ${exam}`;

/** GET /api/exams/{id}/mark_history/?student= */
export const markHistoryQuery = z.object({ student: idField('Student') });

export const markChangeSchema = z.object({
  id: z.number().int(),
  subject: z.object({ id: z.number().int(), name: z.string() }),
  old: entryMarkSchema,
  new: entryMarkSchema,
  changed_by: changedBySchema,
  changed_at: z.string(),
});
export type MarkChange = z.infer<typeof markChangeSchema>;

export const markHistoryResponse = z.object({
  student: z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    admission_number: z.string(),
  }),
  /** Oldest first. */
  changes: z.array(markChangeSchema),
});
export type MarkHistory = z.infer<typeof markHistoryResponse>;

/** GET /api/exams/{id}/late_changes/ */
export const lateChangeSchema = markChangeSchema.extend({
  student: z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    admission_number: z.string(),
  }),
});
export type LateChange = z.infer<typeof lateChangeSchema>;

/** The most late changes answered (newest first). */
export const MAX_LATE_CHANGES = 1000;

export const lateChangesResponse = z.object({
  exam: z.object({ id: z.number().int(), name: z.string(), end_date: z.string() }),
  /** Marks changed or removed after the end of the exam's last day (Nairobi time), newest first. */
  changes: z.array(lateChangeSchema),
});
export type LateChanges = z.infer<typeof lateChangesResponse>;

/** A mark as it is shown: 45, 45.5, X, Y, or an empty string. */
export const markText = (mark: Mark | null | undefined) =>
  mark === null || mark === undefined ? '' : String(mark);

/** A typed mark read for entry: the mark (null: empty) or 'invalid'. */
export const readEntryMark = (typed: string): Mark | null | 'invalid' => parseMark(typed);
