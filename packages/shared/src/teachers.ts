import { z } from 'zod';
import { optionalEmail, phoneField, requiredText } from './fields';
import { GENDERS } from './students';
import { photoUrlField } from './uploads';

export const TEACHER_MESSAGES = {
  uploading: 'Please wait, still uploading profile photo',
  uploadFailed: 'Failed to upload photo',
  role: 'Teachers are always created with role teacher',
  gender: 'Gender must be male, female or other',
} as const;

/** The TSC Number input's placeholder (spec §2: TSC followed by digits). */
export const TSC_PLACEHOLDER = 'TSC123456';

/**
 * The Add Teacher form and POST /api/staff/teachers/. First and last name are required
 * (spec §5); the phone number is the teacher's login, so it must be a valid one.
 */
export const createTeacherBody = z.object({
  first_name: requiredText('First name'),
  last_name: requiredText('Last name'),
  phone_number: phoneField('Phone number'),
  tsc_number: requiredText('TSC number').max(20, 'TSC number must be at most 20 characters'),
  email: optionalEmail,
  gender: z
    .union([z.literal(''), z.enum(GENDERS)], { error: TEACHER_MESSAGES.gender })
    .optional()
    .transform((v) => (v ? v : undefined)),
  profile_photo: photoUrlField,
  role: z.literal('teacher', { error: TEACHER_MESSAGES.role }).optional(),
  /** Sent by the client (spec §3); the server uses the caller's school and refuses another. */
  school: z.coerce.number().int().positive().optional(),
});
export type CreateTeacherBody = z.input<typeof createTeacherBody>;
export const teacherFormSchema = createTeacherBody;
export type TeacherForm = CreateTeacherBody;

/** A teacher as GET /api/schools/{id}/teachers and POST /api/staff/teachers/ answer it (spec §3). */
export interface TeacherRow {
  id: number;
  subject: string | null;
  tsc_number: string | null;
  user: {
    id: number;
    first_name: string;
    last_name: string;
    email: string | null;
    gender: string | null;
    /** Name(s) of the class(es) this teacher is class teacher of, or null. */
    class: string | null;
    profile_photo: string | null;
    phone_number: string;
  };
}

export interface TeacherListResponse {
  teachers: TeacherRow[];
}
export interface CreateTeacherResponse {
  teacher: TeacherRow;
  message: string;
}

export const teacherCreatedMessage = (phone: string, oneTimePassword: string) =>
  `Teacher added. They can log in with phone ${phone} and the one-time password ${oneTimePassword}; ask them to change it under My Account.`;

export const tscTakenMessage = (tsc: string) =>
  `A teacher with TSC number ${tsc} already exists in your school`;

/** Spec §2: case-insensitive match on first name, last name or the user id. */
export function matchesTeacherSearch(teacher: TeacherRow, search: string) {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return (
    teacher.user.first_name.toLowerCase().includes(q) ||
    teacher.user.last_name.toLowerCase().includes(q) ||
    String(teacher.user.id).includes(q)
  );
}
