import { z } from 'zod';
import { pageFields, paginationQuery } from './pagination';

/**
 * What the audit log records: who did something that touches people's data or access, when and
 * from which address. An entry holds ids only, never a name (docs/decisions/013-*.md).
 */
export const AUDIT_ACTIONS = [
  'signed_in',
  'signed_out',
  'password_changed',
  'password_reset',
  'user_added',
  'user_removed',
  'student_data_exported',
  'student_erased',
  'consent_changed',
  'user_changed',
  'user_reactivated',
  'teaching_assigned',
  'teaching_ended',
  'student_changed',
  'student_left',
  'student_rejoined',
  'students_promoted',
  'register_taken',
  'students_imported',
  'senior_settings_changed',
  'kjsea_recorded',
  'kjsea_deleted',
  'kjsea_imported',
  'senior_subjects_set',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry is about, beside the user who acted. */
export const AUDIT_SUBJECT_TYPES = ['student', 'user', 'parent', 'class'] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];

/** How the log screen says each action. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  signed_in: 'Signed in',
  signed_out: 'Signed out',
  password_changed: 'Changed a password',
  password_reset: 'Reset a password',
  user_added: 'Added a user',
  user_removed: 'Removed a user',
  student_data_exported: "Exported a student's data",
  student_erased: 'Erased a student',
  consent_changed: 'Changed a consent',
  user_changed: "Changed a user's details",
  user_reactivated: 'Reactivated a user',
  teaching_assigned: 'Assigned a class and subject',
  teaching_ended: 'Ended a class and subject',
  student_changed: "Changed a student's details or class",
  student_left: 'Marked a student as left',
  student_rejoined: 'Rejoined a student',
  students_promoted: 'Promoted a level',
  register_taken: "Took a class's register",
  students_imported: 'Imported students from a file',
  senior_settings_changed: 'Changed the senior-school settings',
  kjsea_recorded: "Recorded a learner's KJSEA result",
  kjsea_deleted: "Deleted a learner's KJSEA result",
  kjsea_imported: 'Imported KJSEA results from a file',
  senior_subjects_set: "Set learners' senior-school subjects",
};

/** `?page=&page_size=&action=` of the audit log; newest first. */
export const auditLogQuery = paginationQuery.extend({
  action: z.enum(AUDIT_ACTIONS, { error: 'Choose an action from the list' }).optional(),
});

/** One entry of GET /api/audit_log/. `actor` is null for a user since removed (actor_id stays). */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(AUDIT_ACTIONS),
  actor_id: z.number().int().nullable(),
  /** The acting user's name as it is now (staff, not a pupil), joined when read. */
  actor_name: z.string().nullable(),
  subject_type: z.enum(AUDIT_SUBJECT_TYPES).nullable(),
  subject_id: z.number().int().nullable(),
  /**
   * The class's or staff user's name as it is now, joined when read; null for a student or
   * parent (the log names no child or parent) and for one since removed.
   */
  subject_name: z.string().nullable(),
  address: z.string().nullable(),
  /** ISO 8601 */
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /api/audit_log/: one page of the school's log. */
export const auditLogResponse = z.object({
  entries: z.array(auditEntrySchema),
  ...pageFields,
});
export type AuditLogResponse = z.infer<typeof auditLogResponse>;

/** The acting user, or what is left of one since removed. */
export const actorText = (entry: AuditEntry) =>
  entry.actor_name ?? (entry.actor_id === null ? '—' : `User #${entry.actor_id} (removed)`);

/**
 * Whom it was done to: a class or staff user by name; a student or parent by id (the log holds
 * no names of children or parents; the log screen links a student to their profile); one since
 * removed by id.
 */
export const subjectText = (entry: AuditEntry) => {
  if (entry.subject_type === null || entry.subject_id === null) return null;
  if (entry.subject_name) return entry.subject_name;
  const type = `${entry.subject_type[0]!.toUpperCase()}${entry.subject_type.slice(1)}`;
  const removed = entry.subject_type === 'class' || entry.subject_type === 'user';
  return `${type} #${entry.subject_id}${removed ? ' (removed)' : ''}`;
};
