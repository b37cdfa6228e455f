import { z } from 'zod';
import { idField, idParam } from './fields';

/**
 * Teaching assignments: a teacher teaches a subject to a class. The messages of the rules that
 * read them; the assignment endpoints' schemas sit with them below.
 */

/** 403 to a teacher who writes a mark of a (class, subject) not assigned to them. */
export const notYourSubjectMessage = (subject: string, className: string) =>
  `You do not teach ${subject} in ${className}: only its subject teacher or an administrator can enter these marks`;

/** POST /api/staff/teachers/{id}/assignments/: the class and the subject to teach in it. */
export const createAssignmentBody = z.object({
  class: idField('Class', 'Choose a class'),
  subject: idField('Subject', 'Choose a subject'),
});
export type CreateAssignmentBody = z.input<typeof createAssignmentBody>;

/** Path of one teacher's assignments, and of one assignment of theirs. */
export const teacherAssignmentsParams = z.object({ id: idParam });
export const teacherAssignmentParams = z.object({ id: idParam, assignment: idParam });

const assignedClass = z.object({ id: z.number().int(), name: z.string() });
const assignedSubject = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
const assignedTeacher = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
});

/** A current assignment, as every assignment endpoint answers it. */
export const assignmentSchema = z.object({
  id: z.number().int(),
  teacher: assignedTeacher,
  class: assignedClass,
  subject: assignedSubject,
});
export type Assignment = z.infer<typeof assignmentSchema>;

/** An assignment as a row of the teachers list carries it (the teacher is the row). */
export const teacherAssignmentSchema = assignmentSchema.omit({ teacher: true });
export type TeacherAssignment = z.infer<typeof teacherAssignmentSchema>;

/** GET /api/staff/teachers/{id}/assignments/ and GET /api/classes/{id}/assignments/: current only. */
export const assignmentListResponse = z.object({ assignments: z.array(assignmentSchema) });
export type AssignmentListResponse = z.infer<typeof assignmentListResponse>;

export const subjectNotInClassMessage = (subject: string, className: string) =>
  `${subject} is not taught in ${className}: add ${className} to the subject's classes first`;

export const alreadyAssignedMessage = (teacher: string, subject: string, className: string) =>
  `${teacher} already teaches ${subject} in ${className}`;

export const deactivatedTeacherMessage = (teacher: string) =>
  `${teacher} is deactivated: activate them before assigning classes`;

/** "Mathematics · Form 2 West": how the lists name an assignment. */
export const assignmentLabel = (a: Pick<TeacherAssignment, 'class' | 'subject'>) =>
  `${a.subject.name} · ${a.class.name}`;
