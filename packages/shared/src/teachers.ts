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

/** The TSC Number input's placeholder (TSC followed by digits). */
export const TSC_PLACEHOLDER = 'TSC123456';

/**
 * The Add Teacher form and POST /api/staff/teachers/. First and last name are required;
 * the phone number is the teacher's login, so it must be a valid one.
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
  /** Sent by the client; the server uses the caller's school and refuses another. */
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

/** A teacher as GET /api/schools/{id}/teachers and POST /api/staff/teachers/ answer it. */
export const teacherRowSchema = z.object({
  id: z.number().int(),
  /** The old free-text subject, kept for older clients: always null (see `assignments`). */
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

/**
 * 201 from POST /api/staff/teachers/: the message carries the one-time password, and says when
 * the phone's existing account (a sign-up without a school) was taken in with it.
 */
export const createTeacherResponse = z.object({
  teacher: teacherRowSchema,
  message: z.string(),
  linked_existing_account: z.boolean(),
});
export type CreateTeacherResponse = z.infer<typeof createTeacherResponse>;

export const teacherCreatedMessage = (phone: string, oneTimePassword: string) =>
  `Teacher added. They can log in with phone ${phone} and the one-time password ${oneTimePassword}; Shule asks them to choose their own when they first log in.`;

/**
 * An account without a school (someone signed up alone) held the phone: no one ever proved the
 * phone was theirs, so it becomes the school's teacher account with a one-time password, as a
 * new teacher's does, and whoever signed up with it is shut out.
 */
export const teacherLinkedMessage = (phone: string, oneTimePassword: string) =>
  `Teacher added. This phone already had a Shule account: it is now your school's teacher account for ${phone}, with the one-time password ${oneTimePassword}. Its old password no longer works and it was signed out everywhere. Shule asks the teacher to choose their own password when they first log in.`;

/**
 * A phone is one login across Shule: one that is already a school's user's (this school's or
 * another's) is refused, saying no more than that.
 */
export const PHONE_ACCOUNT_MESSAGES = {
  cannotBeAdded:
    'This phone number cannot be added: it is already a Shule login. Ask the teacher for a number of their own',
} as const;

/** 200 from POST /api/staff/teachers/{id}/reset_password/: the new one-time password, shown once. */
export const resetPasswordResponse = z.object({
  message: z.string(),
  one_time_password: z.string(),
});
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponse>;

export const passwordResetMessage = (phone: string) =>
  `New one-time password for ${phone}. They are signed out everywhere and must change it when they sign in.`;

export const cannotResetOwnPasswordMessage =
  'You cannot reset your own password here: change it under My Account';

export const cannotDeactivateSelfMessage =
  'You cannot deactivate your own account: ask another administrator';

export const tscTakenMessage = (tsc: string) =>
  `A teacher with TSC number ${tsc} already exists in your school`;

/** Case-insensitive match on first name, last name or the user id. */
export function matchesTeacherSearch(teacher: TeacherRow, search: string) {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return (
    teacher.user.first_name.toLowerCase().includes(q) ||
    teacher.user.last_name.toLowerCase().includes(q) ||
    String(teacher.user.id).includes(q)
  );
}
