import { z } from 'zod';
import { todayIn } from './date-status';
import { idParam, isCalendarDate, optionalEmail, phoneField, requiredText } from './fields';
import { photoUrlField } from './uploads';

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
  emptyClassHint: 'Use the button at the top right to admit a student',
} as const;

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

/** POST /api/classes/{id}/add_student — a student with a nested parent (spec §3). */
export const admitStudentBody = z.object({
  first_name: requiredText('First name'),
  last_name: requiredText('Last name'),
  date_of_birth: dateOfBirth,
  gender: genderField,
  profile_photo: photoUrlField,
  parent: parentBody,
});
export type AdmitStudentBody = z.input<typeof admitStudentBody>;

/** The Admit student form: the body plus the class it goes to (sent in the path). */
export const admitStudentFormSchema = admitStudentBody.extend({
  class_id: z.coerce
    .number({ error: STUDENT_MESSAGES.chooseClass })
    .int(STUDENT_MESSAGES.chooseClass)
    .positive(STUDENT_MESSAGES.chooseClass),
});
export type AdmitStudentForm = z.input<typeof admitStudentFormSchema>;

/** GET /api/students/get_students/{class}/{school}/ — class 0 means every class. */
export const getStudentsParams = z.object({
  class: z.coerce
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(0, 'Must be 0 or a class id'),
  school: idParam,
});

/** A student as every student endpoint answers it (spec §3 read shape). */
export interface StudentRow {
  id: number;
  first_name: string;
  last_name: string;
  admission_number: string;
  gender: Gender;
  /** yyyy-mm-dd */
  date_of_birth: string;
  profile_photo: string | null;
  is_active: boolean;
  _class: { id: number; name: string };
  parent: {
    id: number;
    user: { first_name: string; last_name: string; email: string | null; phone_number: string };
  } | null;
}

export interface StudentListResponse {
  students: StudentRow[];
}
export interface AdmitStudentResponse {
  student: StudentRow;
  message: string;
}

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

/** Whole years from `dateOfBirth` to `today` (both yyyy-mm-dd), as the student card shows. */
export function ageInYears(dateOfBirth: string, today = todayIn()) {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return Math.max(0, ty - by - (hadBirthday ? 0 : 1));
}
