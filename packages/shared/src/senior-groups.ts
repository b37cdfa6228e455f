/**
 * Senior school's teaching groups: the learners of one level taking one elective, across
 * streams, taught together by one teacher. Registers stay by stream; marks can be entered by
 * group.
 */
import { z } from 'zod';
import { idField, requiredText } from './fields';

/** The most learners a generated group holds: more takers make more groups, of even sizes. */
export const MAX_GROUP_SIZE = 45;

/** The sizes of the fewest groups that hold `takers` at most MAX_GROUP_SIZE each, even. */
export function groupSizes(takers: number, max = MAX_GROUP_SIZE): number[] {
  if (takers <= 0) return [];
  const count = Math.ceil(takers / max);
  const base = Math.floor(takers / count);
  return Array.from({ length: count }, (_, i) => base + (i < takers % count ? 1 : 0));
}

/** A generated group's name: "Grade 10 Chemistry", or numbered when the subject has several. */
export const groupName = (level: string, subject: string, n: number | null) =>
  n === null ? `${level} ${subject}` : `${level} ${subject} ${n}`;

export const GROUP_MESSAGES = {
  notTaking: (names: string[], subject: string, level: string) =>
    `${names.join(', ')} ${names.length === 1 ? 'does' : 'do'} not take ${subject} in ${level}`,
  notYourGroup: (group: string) =>
    `You do not teach ${group}: only its teacher or an administrator can enter these marks`,
  nameTaken: (name: string) => `There is already a group called ${name}`,
  groupSubject: (group: string, subject: string) => `${group} is not taught ${subject}`,
  classOrGroup: 'Choose a class or a teaching group',
} as const;

export const groupIdParams = z.object({ id: idField('Group') });

const ids = (label: string) =>
  z.array(idField(label), { error: `${label}s must be a list of ids` }).max(500);

export const updateGroupBody = z.object({
  name: requiredText('Name').optional(),
  /** The teacher's id (teachers.id), or null for none. */
  teacher: idField('Teacher').nullable().optional(),
  add: ids('Student').optional(),
  remove: ids('Student').optional(),
});
export type UpdateGroup = z.input<typeof updateGroupBody>;

export const groupSummarySchema = z.object({
  id: z.number().int(),
  level: z.string(),
  name: z.string(),
  subject: z.object({ id: z.number().int(), name: z.string(), code: z.string() }),
  teacher: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  size: z.number().int(),
  /** The group is taught by the teacher signed in. */
  mine: z.boolean(),
});
export type GroupSummary = z.infer<typeof groupSummarySchema>;

export const groupListResponse = z.object({ groups: z.array(groupSummarySchema) });
export type GroupList = z.infer<typeof groupListResponse>;

export const groupMemberSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  admission_number: z.string(),
  class: z.object({ id: z.number().int(), name: z.string() }),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const groupDetailSchema = groupSummarySchema.extend({
  members: z.array(groupMemberSchema),
});
export type GroupDetail = z.infer<typeof groupDetailSchema>;
