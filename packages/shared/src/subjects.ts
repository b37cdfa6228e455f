import { z } from 'zod';
import {
  changesOf,
  clearableText,
  idField,
  LONG_TEXT_MAX,
  requiredText,
  schoolRef,
} from './fields';
import { codeField } from './grades';
import { KCSE_GROUPS, type KcseGroup, kcseGroupOfCode } from './results/subject-groups';

const CLASSES_MESSAGE = 'Classes must be a list of class ids';
const classIds = z.array(idField('Class', CLASSES_MESSAGE), { error: CLASSES_MESSAGE });

const subjectFields = {
  name: requiredText('Name'),
  code: codeField(),
  description: clearableText('Description', { max: LONG_TEXT_MAX, multiline: true }),
  classes: classIds.optional(),
  /** The KCSE group; null (or left out on creation) takes the group the code suggests. */
  group: z.enum(KCSE_GROUPS, { error: 'Choose a KCSE group' }).nullable().optional(),
};

/** The subject form: name, code forced to upper case, description, several classes. */
export const subjectFormSchema = z.object(subjectFields);
export type SubjectForm = z.input<typeof subjectFormSchema>;

/** POST /api/grades/subjects/ */
export const createSubjectBody = z.object({ ...subjectFields, school: schoolRef });
/** PATCH /api/grades/subjects/{id}/ — `classes`, when sent, replaces the subject's classes. */
export const updateSubjectBody = changesOf(subjectFields);

export const subjectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  /** Ids of the classes that take the subject. */
  classes: z.array(z.number().int()),
  /** The KCSE group: the one chosen, else the one the code suggests ('other' when it suggests none). */
  group: z.enum(KCSE_GROUPS),
  school: z.number().int(),
});
export type Subject = z.infer<typeof subjectSchema>;

/** GET /api/grades/subjects/ */
export const subjectListResponse = z.array(subjectSchema);

export const subjectCodeTakenMessage = (code: string) =>
  `A subject with code ${code} already exists`;
export const subjectHasScoresMessage = (name: string, count: number) =>
  `${name} has ${count} score${count === 1 ? '' : 's'} in exams; remove ${count === 1 ? 'it' : 'them'} before deleting the subject`;

/** A subject's KCSE group: the one the school chose, else the one its code suggests, else 'other'. */
export const subjectGroup = (chosen: string | null, code: string): KcseGroup =>
  (chosen as KcseGroup | null) ?? kcseGroupOfCode(code) ?? 'other';
