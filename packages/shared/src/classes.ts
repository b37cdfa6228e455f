import { z } from 'zod';
import { changesOf, clearableText, idParam, requiredText } from './fields';
import { schoolQuery } from './school-scope';

const className = requiredText('Class name', { max: 100 });
/** "Form 4", "Grade 8": the streams of one level rank together in results. */
const classLevel = clearableText('Level', { max: 50 });

/** The class dialog (create and edit): Class Name and an optional Level. */
export const classFormSchema = z.object({ name: className, level: classLevel.optional() });
export type ClassForm = z.input<typeof classFormSchema>;

/**
 * The order GET /api/classes/ lists a school's classes in (its SQL says the same): by name, then
 * id; a screen puts a new class where it belongs.
 */
export function compareClasses(a: { id: number; name: string }, b: { id: number; name: string }) {
  return a.name.localeCompare(b.name, 'en') || a.id - b.id;
}

/** POST /api/classes/?school= */
export const createClassBody = classFormSchema;
export type CreateClassBody = z.input<typeof createClassBody>;

/** PATCH /api/classes/{id}/ — rename, and/or set (a teacher id) or clear (null) the class teacher. */
export const updateClassBody = changesOf({
  name: className,
  level: classLevel,
  class_teacher: z.union([z.null(), idParam], { error: 'Choose a teacher' }),
});
export type UpdateClassBody = z.input<typeof updateClassBody>;

/** GET /api/classes/?school=&count=true */
export const classesQuery = schoolQuery.extend({
  count: z.enum(['true', 'false']).optional(),
});

/** A class as every class endpoint answers it (with the read extras). */
export const classRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  level: z.string().nullable(),
  school: z.number().int(),
  totalStudents: z.number().int(),
  boys: z.number().int(),
  girls: z.number().int(),
  class_teacher: z
    .object({
      id: z.number().int(),
      user: z.object({ first_name: z.string(), last_name: z.string() }),
    })
    .nullable(),
  /** The class teacher's id, or null. */
  classTeacher: z.number().int().nullable(),
});
export type ClassRow = z.infer<typeof classRowSchema>;

/** GET /api/classes/ */
export const classListResponse = z.object({ classes: z.array(classRowSchema) });
export type ClassListResponse = z.infer<typeof classListResponse>;

/** 201 from POST /api/classes/ (PATCH answers the bare ClassRow). */
export const createClassResponse = z.object({ class: classRowSchema });
export type CreateClassResponse = z.infer<typeof createClassResponse>;

export const classNameTakenMessage = (name: string) => `A class named '${name}' already exists`;

/** Why a class with students cannot be deleted (nothing is lost silently). */
/** A class whose students' marks of past exams name it: the results keep it. */
export const classHasMarksMessage = (name: string) =>
  `${name} holds marks of past exams, kept in the class they were sat in; it cannot be deleted.`;

/** A class whose daily registers were taken: they stay with the class they were taken in. */
export const classHasRegistersMessage = (name: string) =>
  `${name} holds daily registers taken in it, kept as the attendance record; it cannot be deleted.`;

export const classHasStudentsMessage = (count: number) =>
  `This class has ${count} ${count === 1 ? 'student' : 'students'}. Move or remove them before deleting the class.`;
