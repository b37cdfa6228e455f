import { z } from 'zod';
import { GENDERS } from './students';

/**
 * GET /api/dashboard/teacher/: what the signed-in teacher teaches (subjects and CBC learning
 * areas), how many of the marks they owe in each open exam are entered, and the class they
 * lead. An administrator who is not a teacher gets empty lists.
 */

/** How far back an exam stays open for marks after its end date. */
export const OPEN_EXAM_GRACE_DAYS = 30;

const classRef = z.object({ id: z.number().int(), name: z.string() });
const subjectRef = z.object({ id: z.number().int(), name: z.string(), code: z.string() });

export const teacherAssignmentSchema = z.object({ class: classRef, subject: subjectRef });
export type TeacherAssignment = z.infer<typeof teacherAssignmentSchema>;

/** A (class, CBC learning area) I teach: where my assessments of it are entered. */
export const teacherLearningAreaSchema = z.object({
  class: classRef,
  learning_area: z.object({ id: z.number().int(), name: z.string() }),
});
export type TeacherLearningArea = z.infer<typeof teacherLearningAreaSchema>;

/**
 * One (class, subject) of mine in one open exam: `owed` is a mark of each active student of the
 * class who takes the subject; `entered` how many of those have one (X and Y count).
 */
export const markProgressSchema = z.object({
  class: classRef,
  subject: subjectRef,
  entered: z.number().int(),
  owed: z.number().int(),
});
export type MarkProgress = z.infer<typeof markProgressSchema>;

const groupRef = z.object({ id: z.number().int(), name: z.string() });

/** One senior-school teaching group of mine in one open exam: a mark of each active member. */
export const groupMarkProgressSchema = z.object({
  group: groupRef,
  subject: subjectRef,
  entered: z.number().int(),
  owed: z.number().int(),
});
export type GroupMarkProgress = z.infer<typeof groupMarkProgressSchema>;

/** A senior-school teaching group I teach: learners of several streams, one subject. */
export const teacherGroupSchema = z.object({
  group: groupRef,
  level: z.string(),
  subject: subjectRef,
  size: z.number().int(),
});
export type TeacherGroup = z.infer<typeof teacherGroupSchema>;

export const openExamProgressSchema = z.object({
  exam: z.object({
    id: z.number().int(),
    name: z.string(),
    start_date: z.string(),
    end_date: z.string(),
  }),
  items: z.array(markProgressSchema),
  /** My teaching groups whose level sits the exam. */
  groups: z.array(groupMarkProgressSchema).optional(),
});
export type OpenExamProgress = z.infer<typeof openExamProgressSchema>;

export const myClassStudentSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  admission_number: z.string(),
  gender: z.enum(GENDERS),
});

export const myClassSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  students: z.array(myClassStudentSchema),
  count: z.number().int(),
});
export type MyClass = z.infer<typeof myClassSchema>;

export const teacherDashboardResponse = z.object({
  assignments: z.array(teacherAssignmentSchema),
  learning_areas: z.array(teacherLearningAreaSchema),
  open_exams: z.array(openExamProgressSchema),
  my_class: myClassSchema.nullable(),
  /** The senior-school teaching groups I teach. */
  groups: z.array(teacherGroupSchema).optional(),
});
export type TeacherDashboard = z.infer<typeof teacherDashboardResponse>;
