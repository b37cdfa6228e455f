import { z } from 'zod';
import { admissionConsentsBody, studentConsentsSchema } from './consents';
import {
  changesOf,
  clearableText,
  idField,
  idParam,
  isCalendarDate,
  isoDateField,
  MAX_ID,
  optionalEmail,
  phoneField,
  requiredText,
} from './fields';
import {
  entryIndexNumberField,
  knecRecordFields,
  knecRecordSchema,
  learnerRecordFields,
  learnerRecordSchema,
  parentNationalIdField,
} from './learner-record';
import { pageFields, paginationQuery, searchField } from './pagination';
import { todayIn } from './school-time';
import { photoUrlField, replacePhotoField } from './uploads';

export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

export const STUDENT_MESSAGES = {
  gender: 'Gender must be male, female or other',
  dateFormat: 'Date of birth must be a date (yyyy-mm-dd)',
  futureBirth: 'Date of birth cannot be in the future',
  tooOld: 'Date of birth must be after 1900',
  parent: 'Parent details are required',
  chooseClass: 'Class is required',
  noClasses: 'No classes found create class first',
  emptyClass: 'No student added to this class yet',
  emptyClassHint: 'Press Admit student above to admit the first student',
  leaveReason: 'Choose why the student left',
  futureLeave: 'The day a student left cannot be in the future',
  alreadyLeft: 'This student has already left. Rejoin them first.',
  notLeft: 'This student is active: only a student who has left can rejoin.',
  hasLeft: 'This student has left the school. Rejoin them before moving them to another class.',
} as const;

/** Why a student left the school (students.left_reason). */
export const LEAVE_REASONS = ['transferred', 'completed', 'dropped_out', 'other'] as const;
export type LeaveReason = (typeof LEAVE_REASONS)[number];
export const LEAVE_REASON_LABELS: Record<LeaveReason, string> = {
  transferred: 'Transferred to another school',
  completed: 'Completed (alumni)',
  dropped_out: 'Dropped out',
  other: 'Other',
};
export const leaveReasonField = z.enum(LEAVE_REASONS, { error: STUDENT_MESSAGES.leaveReason });

/** A left date before the student was admitted: '… before they were admitted (2024-01-08)'. */
export const leaveBeforeAdmissionMessage = (admitted: string) =>
  `The day a student left cannot be before they were admitted (${admitted})`;

const dateOfBirth = requiredText('Date of birth').superRefine((value, ctx) => {
  if (value === '') return; // already 'Date of birth is required'
  if (!isCalendarDate(value))
    ctx.addIssue({ code: 'custom', message: STUDENT_MESSAGES.dateFormat });
  else if (value > todayIn()) {
    ctx.addIssue({ code: 'custom', message: STUDENT_MESSAGES.futureBirth });
  } else if (value < '1900-01-01')
    ctx.addIssue({ code: 'custom', message: STUDENT_MESSAGES.tooOld });
});

export const genderField = z.enum(GENDERS, { error: STUDENT_MESSAGES.gender });

export const parentBody = z.object(
  {
    first_name: requiredText('Parent first name'),
    last_name: requiredText('Parent last name'),
    email: optionalEmail,
    phone_number: phoneField('Parent phone number'),
  },
  { error: STUDENT_MESSAGES.parent },
);

/** POST /api/classes/{id}/add_student — a student with a nested parent. */
export const admitStudentBody = z.object({
  first_name: requiredText('First name'),
  last_name: requiredText('Last name'),
  date_of_birth: dateOfBirth,
  gender: genderField,
  profile_photo: photoUrlField,
  parent: parentBody,
  /** The parent's answers, recorded with the date and the admitting user; "unknown" if not sent. */
  consents: admissionConsentsBody,
});
export type AdmitStudentBody = z.input<typeof admitStudentBody>;

/** The Admit student form: the body plus the class it goes to (sent in the path). */
export const admitStudentFormSchema = admitStudentBody.extend({
  class_id: idField('Class', STUDENT_MESSAGES.chooseClass),
});
export type AdmitStudentForm = z.input<typeof admitStudentFormSchema>;

/** GET /api/students/get_students/{class}/{school}/ — class 0 means every class. */
export const getStudentsParams = z.object({
  class: z.coerce
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(0, 'Must be 0 or a class id')
    .max(MAX_ID, 'Must be 0 or a class id'),
  school: idParam,
});

/** A class as a student row names it. */
const classRef = z.object({ id: z.number().int(), name: z.string() });

/** A student's parent: `id` is the parent's, shared by siblings. */
const studentParentSchema = z.object({
  id: z.number().int(),
  user: z.object({
    first_name: z.string(),
    last_name: z.string(),
    email: z.string().nullable(),
    phone_number: z.string(),
  }),
});

/** A student in full: the card, the profile, an admission and the export. */
export const studentRowSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  admission_number: z.string(),
  gender: genderField,
  /** yyyy-mm-dd */
  date_of_birth: z.string(),
  profile_photo: z.string().nullable(),
  is_active: z.boolean(),
  /** yyyy-mm-dd, the day the student left; null while active. */
  left_on: z.string().nullable(),
  left_reason: z.enum(LEAVE_REASONS).nullable(),
  _class: classRef,
  parent: studentParentSchema.nullable(),
});
export type StudentRow = z.infer<typeof studentRowSchema>;

export const ENTRY_EXAMS = ['KCPE', 'KPSEA', 'KJSEA'] as const;
export type EntryExam = (typeof ENTRY_EXAMS)[number];
const SUBJECTS_MESSAGE = "Subjects must be a list of subject ids, or null for the class's";

/**
 * What results need of a student beyond the row: the subjects they take (null: every subject
 * of their class; a list: optional subjects dropped) and their entry marks, for value added.
 */
const studentResultsFields = {
  subjects: z
    .array(idField('Subject', SUBJECTS_MESSAGE), { error: SUBJECTS_MESSAGE })
    .max(100)
    .nullable(),
  entry_exam: z.enum(ENTRY_EXAMS, { error: 'Choose KCPE, KPSEA or KJSEA' }).nullable(),
  entry_index_number: clearableText('Index number', { max: 20 }),
  entry_marks: z
    .number({ error: 'Entry marks must be a whole number' })
    .int('Entry marks must be a whole number')
    .min(0, 'Entry marks must be 0 or more')
    .max(1000, 'Entry marks must be at most 1000')
    .nullable(),
};

/** GET /api/students/{id}/: the full row with what results need. */
export const studentDetailSchema = studentRowSchema.extend({
  /** The parent, with whether they asked for no SMS (PATCH /api/parents/{id}/sms/). */
  parent: studentParentSchema
    .extend({ sms_opt_out: z.boolean(), national_id_number: z.string().nullable() })
    .nullable(),
  subjects: z.array(z.number().int()).nullable(),
  entry_exam: z.enum(ENTRY_EXAMS).nullable(),
  entry_index_number: z.string().nullable(),
  entry_marks: z.number().int().nullable(),
  consents: studentConsentsSchema,
  ...learnerRecordSchema.shape,
  ...knecRecordSchema.shape,
});
export type StudentDetail = z.infer<typeof studentDetailSchema>;

/**
 * PATCH /api/students/{id}/ (admin): names, birth date, gender, the class (a move: subjects of
 * the student's own list not taught in the new class are dropped) and the results details;
 * answers the StudentDetail.
 */
export const updateStudentBody = changesOf({
  first_name: requiredText('First name'),
  last_name: requiredText('Last name'),
  date_of_birth: dateOfBirth,
  gender: genderField,
  class: idField('Class', STUDENT_MESSAGES.chooseClass),
  ...studentResultsFields,
  subjects: studentResultsFields.subjects.optional(),
  entry_exam: studentResultsFields.entry_exam.optional(),
  entry_index_number: entryIndexNumberField,
  entry_marks: studentResultsFields.entry_marks.optional(),
  ...learnerRecordFields,
  ...knecRecordFields,
  /** Sets the student's parent's (400 when the student has none). */
  parent_national_id_number: parentNationalIdField,
});
export type UpdateStudentBody = z.input<typeof updateStudentBody>;

/** PUT /api/students/{id}/photo/ (admin): a photo the school uploaded, or null to remove it. */
/** The student page's Edit dialog: the identity fields of the PATCH, all sent. */
export const editStudentFormSchema = z.object({
  first_name: requiredText('First name'),
  last_name: requiredText('Last name'),
  date_of_birth: dateOfBirth,
  gender: genderField,
  class: idField('Class', STUDENT_MESSAGES.chooseClass),
});
export type EditStudentForm = z.input<typeof editStudentFormSchema>;

/**
 * POST /api/students/{id}/leave/ (admin): the day they left (not in the future, in Nairobi; not
 * before their admission: checked by the server) and why.
 */
export const leaveStudentBody = z.object({
  date: isoDateField('Date').refine((v) => v <= todayIn(), STUDENT_MESSAGES.futureLeave),
  reason: leaveReasonField,
});
export type LeaveStudentBody = z.input<typeof leaveStudentBody>;

export const studentPhotoBody = z.object({ profile_photo: replacePhotoField });
export type StudentPhotoBody = z.input<typeof studentPhotoBody>;

export const subjectNotOfClassMessage = (className: string) =>
  `Choose subjects taught in ${className}`;

/** A row of the students list: what the list shows; a click fetches the full row by id. */
export const studentListRowSchema = studentRowSchema
  .pick({
    id: true,
    first_name: true,
    last_name: true,
    admission_number: true,
    gender: true,
    profile_photo: true,
    is_active: true,
    left_on: true,
    left_reason: true,
    _class: true,
  })
  .extend({
    /** A senior learner's current subject combination; null for others and before a choice. */
    combination: z.string().nullable().optional(),
  });
export type StudentListRow = z.infer<typeof studentListRowSchema>;

/** Which students a list shows: those at school (the default), those who left, or both. */
export const STUDENT_STATUSES = ['active', 'left', 'all'] as const;
export type StudentStatusFilter = (typeof STUDENT_STATUSES)[number];
const studentStatusField = z
  .enum(STUDENT_STATUSES, { error: 'Status must be active, left or all' })
  .default('active');

/**
 * `?search=&status=&page=&page_size=` of the students list. The search matches, ignoring case, part of
 * the name (first last or last first), of the admission number or of the parent's phone.
 */
export const studentListQuery = paginationQuery.extend({
  search: searchField,
  status: studentStatusField,
});

/** GET /api/students/get_students/{class}/{school}/: one page of the class (0: the school). */
export const studentListResponse = z.object({
  students: z.array(studentListRowSchema),
  ...pageFields,
});
export type StudentListResponse = z.infer<typeof studentListResponse>;

export const STUDENT_EXPORT_FORMATS = ['csv', 'nemis'] as const;
export type StudentExportFormat = (typeof STUDENT_EXPORT_FORMATS)[number];

/**
 * GET /api/students/export/?format=csv|nemis&class=&search=&status=: every matching student as a
 * CSV file (format=csv: STUDENT_CSV_COLUMNS, importable back; nemis: NEMIS_COLUMNS). Class 0 or
 * absent: every class.
 */
export const studentsFileQuery = z.object({
  format: z.enum(STUDENT_EXPORT_FORMATS, { error: 'Format must be csv or nemis' }).default('csv'),
  class: getStudentsParams.shape.class.default(0),
  search: searchField,
  status: studentStatusField,
});

export const admitStudentResponse = z.object({ student: studentRowSchema, message: z.string() });
export type AdmitStudentResponse = z.infer<typeof admitStudentResponse>;

/** GET /api/students/count/: the school's students by gender. */
export const studentCountsResponse = z.object({
  male_count: z.number().int(),
  female_count: z.number().int(),
  other_count: z.number().int(),
  total: z.number().int(),
});
export type StudentCounts = z.infer<typeof studentCountsResponse>;

/** Admission numbers are a school's running count, zero-padded to four digits: 0001, 0002… */
export const formatAdmissionNumber = (n: number) => String(n).padStart(4, '0');

export function studentAdmittedMessage(
  admissionNumber: string,
  existingParent?: { first_name: string; last_name: string; phone_number: string },
) {
  const admitted = `Student admitted with admission number ${admissionNumber}.`;
  if (!existingParent) return admitted;
  const { first_name, last_name, phone_number } = existingParent;
  return `${admitted} Linked to the parent already registered with phone ${phone_number} (${first_name} ${last_name}).`;
}

/** 'Active', or 'Left 2026-03-14 · Transferred to another school' (the list, the page, the CSV). */
export function studentStatusLabel(s: Pick<StudentRow, 'is_active' | 'left_on' | 'left_reason'>) {
  if (s.is_active) return 'Active';
  const reason = s.left_reason ? ` · ${LEAVE_REASON_LABELS[s.left_reason]}` : '';
  return `Left${s.left_on ? ` ${s.left_on}` : ''}${reason}`;
}

/** Whole years from `dateOfBirth` to `today` (both yyyy-mm-dd), as the student card shows. */
export function ageInYears(dateOfBirth: string, today = todayIn()) {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return Math.max(0, ty - by - (hadBirthday ? 0 : 1));
}
