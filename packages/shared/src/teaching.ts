import { z } from 'zod';
import { idField, idParam } from './fields';

/**
 * Teaching assignments: a teacher teaches a subject to a class. The messages of the rules that
 * read them; the assignment endpoints' schemas sit with them below.
 */

/** 403 to a teacher who writes a mark of a (class, subject) not assigned to them. */
export const notYourSubjectMessage = (subject: string, className: string) =>
  `You do not teach ${subject} in ${className}: only its subject teacher or an administrator can enter these marks`;

/** 403 to a teacher who asks for the students of a class they neither lead nor teach. */
export const notYourClassMessage =
  'You can see the students of the classes you lead or teach only: ask an administrator for the others';

/** POST /api/staff/teachers/{id}/assignments/: the class and the subject to teach in it. */
export const createAssignmentBody = z.object({
  class: idField('Class', 'Choose a class'),
  subject: idField('Subject', 'Choose a subject'),
});
export type CreateAssignmentBody = z.input<typeof createAssignmentBody>;

/**
 * What the route takes: a subject (8-4-4) or a CBC learning area to teach in the class, one of
 * the two. With neither, the subject is asked for, as the form has always said.
 */
export const assignTeachingBody = z
  .object({
    class: idField('Class', 'Choose a class'),
    subject: idField('Subject', 'Choose a subject').optional(),
    learning_area: idField('Learning area', 'Choose a learning area').optional(),
  })
  .superRefine((body, ctx) => {
    if (body.subject === undefined && body.learning_area === undefined) {
      ctx.addIssue({ code: 'custom', path: ['subject'], message: 'Choose a subject' });
    } else if (body.subject !== undefined && body.learning_area !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['learning_area'],
        message: 'Choose a subject or a learning area, not both',
      });
    }
  });

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

/** A current assignment to teach a CBC learning area in a class. */
export const learningAreaAssignmentSchema = z.object({
  id: z.number().int(),
  teacher: assignedTeacher,
  class: assignedClass,
  learning_area: z.object({ id: z.number().int(), name: z.string() }),
});
export type LearningAreaAssignment = z.infer<typeof learningAreaAssignmentSchema>;

export const learningAreaNotInClassMessage = (area: string, className: string) =>
  `${area} is not a learning area of ${className}'s level: choose one of its level's`;

/** 403 to a teacher who writes levels of a (class, learning area) not assigned to them. */
export const notYourLearningAreaMessage = (area: string, className: string) =>
  `You do not teach ${area} in ${className}: only its teacher or an administrator can assess it`;

/** An assignment as a row of the teachers list carries it (the teacher is the row). */
export const teacherAssignmentSchema = assignmentSchema.omit({ teacher: true });
export type TeacherAssignment = z.infer<typeof teacherAssignmentSchema>;

/** GET /api/staff/teachers/{id}/assignments/ and GET /api/classes/{id}/assignments/: current only. */
export const assignmentListResponse = z.object({
  assignments: z.array(assignmentSchema),
  /** The CBC learning areas taught, beside the subjects. */
  learning_area_assignments: z.array(learningAreaAssignmentSchema),
});
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

/**
 * How report forms and the analysis print a subject teacher (a school setting): 'initials'
 * ("JKM", the column Kenyan forms give the teacher to initial) or 'name' ("J. K. Mwangi").
 */
export const REPORT_TEACHER_NAMES = ['initials', 'name'] as const;
export type ReportTeacherNames = (typeof REPORT_TEACHER_NAMES)[number];

const nameWords = (text: string) => text.trim().split(/\s+/).filter(Boolean);

/**
 * A teacher as a report form prints them: 'initials' gives the first letter of every name
 * ("John Kamau" "Mwangi" → "JKM"); 'name' the initials of the first names and the surname
 * ("J. K. Mwangi").
 */
export function reportTeacherName(
  teacher: { first_name: string; last_name: string },
  style: ReportTeacherNames,
): string {
  const first = nameWords(teacher.first_name);
  const last = nameWords(teacher.last_name);
  const initial = (word: string) => word.charAt(0).toUpperCase();
  if (style === 'initials') return [...first, ...last].map(initial).join('');
  return [...first.map((w) => `${initial(w)}.`), ...last].join(' ');
}

/** Several teachers of one subject in one class (shared lessons), as one cell: "JM / AO". */
export const reportTeachersCell = (names: readonly string[]) =>
  names.length === 0 ? null : [...new Set(names)].join(' / ');
