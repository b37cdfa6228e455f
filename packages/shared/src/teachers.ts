import { z } from 'zod';
import {
  changesOf,
  emailField,
  idParam,
  optionalEmail,
  phoneField,
  requiredText,
  schoolRef,
} from './fields';
import { GENDERS } from './students';
import { teacherAssignmentSchema } from './teaching';
import { photoUrlField, replacePhotoField } from './uploads';

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
  tsc_number: requiredText('TSC number', { max: 20 }),
  email: optionalEmail,
  gender: z
    .union([z.literal(''), z.enum(GENDERS)], { error: TEACHER_MESSAGES.gender })
    .optional()
    .transform((v) => (v ? v : undefined)),
  profile_photo: photoUrlField,
  role: z.literal('teacher', { error: TEACHER_MESSAGES.role }).optional(),
  /** Sent by the client (spec §3); the server uses the caller's school and refuses another. */
  school: schoolRef,
});
export type CreateTeacherBody = z.input<typeof createTeacherBody>;

/**
 * PATCH /api/staff/teachers/{id}/ (admin): the fields sent change. A new phone number is the
 * teacher's new login. Email, gender and photo may be cleared with '' or null.
 */
export const updateTeacherBody = changesOf({
  first_name: requiredText('First name'),
  last_name: requiredText('Last name'),
  phone_number: phoneField('Phone number'),
  tsc_number: requiredText('TSC number', { max: 20 }),
  email: z.union([z.literal(''), z.null(), emailField]).transform((v) => (v ? v : null)),
  gender: z
    .union([z.literal(''), z.null(), z.enum(GENDERS)], { error: TEACHER_MESSAGES.gender })
    .transform((v) => (v ? v : null)),
  profile_photo: replacePhotoField,
});
export type UpdateTeacherBody = z.input<typeof updateTeacherBody>;

/** The Edit Teacher form: every field, as Add Teacher's (the dialog sends what changed). */
export const editTeacherFormSchema = createTeacherBody.pick({
  first_name: true,
  last_name: true,
  phone_number: true,
  tsc_number: true,
  email: true,
  gender: true,
  profile_photo: true,
});
export type EditTeacherForm = z.input<typeof editTeacherFormSchema>;

/** Path of one teacher (the teachers row id). */
export const teacherParams = z.object({ id: idParam });
export const teacherFormSchema = createTeacherBody;
export type TeacherForm = CreateTeacherBody;

/** A teacher as GET /api/schools/{id}/teachers and POST /api/staff/teachers/ answer it (spec §3). */
export const teacherRowSchema = z.object({
  id: z.number().int(),
  /** The spec's free-text subject, kept for its clients: always null (see `assignments`). */
  subject: z.string().nullable(),
  tsc_number: z.string().nullable(),
  /** False once an administrator deactivated the teacher: they cannot sign in. */
  is_active: z.boolean(),
  /** What the teacher teaches now, by class then subject. */
  assignments: z.array(teacherAssignmentSchema),
  user: z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string().nullable(),
    gender: z.string().nullable(),
    /** Name(s) of the class(es) this teacher is class teacher of, or null. */
    class: z.string().nullable(),
    profile_photo: z.string().nullable(),
    phone_number: z.string(),
  }),
});
export type TeacherRow = z.infer<typeof teacherRowSchema>;

/** GET /api/schools/{id}/teachers/ */
export const teacherListResponse = z.object({ teachers: z.array(teacherRowSchema) });
export type TeacherListResponse = z.infer<typeof teacherListResponse>;

/** 201 from POST /api/staff/teachers/ (the message carries the one-time password). */
export const createTeacherResponse = z.object({ teacher: teacherRowSchema, message: z.string() });
export type CreateTeacherResponse = z.infer<typeof createTeacherResponse>;

export const teacherCreatedMessage = (phone: string, oneTimePassword: string) =>
  `Teacher added. They can log in with phone ${phone} and the one-time password ${oneTimePassword}; ask them to change it under My Account.`;

export const cannotDeactivateSelfMessage =
  'You cannot deactivate your own account: ask another administrator';

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
