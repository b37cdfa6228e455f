import { z } from 'zod';
import { requiredText } from '../fields';
import { isNumericMark } from './marks';
import type { MeritListRow } from './merit-list';
import { roundHalfUp } from './rounding';

/** GET /api/exams/{id}/senior_analysis/?level= */
export const seniorAnalysisQuery = z.object({ level: requiredText('Level') });

const gradeCountsSchema = z.array(z.object({ code: z.string(), count: z.number().int() }));

export const seniorAnalysisResponse = z.object({
  exam: z.object({ id: z.number().int(), name: z.string() }),
  level: z.string(),
  /** Each teaching group of the level in a subject the exam examined, by subject then name. */
  groups: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      subject: z.object({ id: z.number().int(), name: z.string(), code: z.string() }),
      teacher: z.string().nullable(),
      learners: z.number().int(),
      /** Members with a numeric mark in the subject. */
      sat: z.number().int(),
      mean_mark: z.number().nullable(),
      grades: gradeCountsSchema,
    }),
  ),
  /** Each combination the level's learners hold now, with their overall results. */
  combinations: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      learners: z.number().int(),
      /** Learners with a complete result. */
      complete: z.number().int(),
      mean_mark: z.number().nullable(),
      grades: gradeCountsSchema,
    }),
  ),
});
export type SeniorAnalysis = z.infer<typeof seniorAnalysisResponse>;

type GradeCounts = z.infer<typeof gradeCountsSchema>;

/** How many of `grades` are each code, in the order the codes are first met in `order`. */
function countGrades(grades: (string | null)[], order: readonly string[]): GradeCounts {
  const counts = new Map<string, number>();
  for (const g of grades) if (g !== null) counts.set(g, (counts.get(g) ?? 0) + 1);
  return order
    .filter((code) => counts.has(code))
    .map((code) => ({ code, count: counts.get(code)! }));
}

const meanOf = (values: number[]) =>
  values.length === 0 ? null : roundHalfUp(values.reduce((a, b) => a + b, 0) / values.length, 2);

/**
 * A senior level's results by teaching group (each group's members' marks in its subject) and
 * by combination (the overall results of the learners who hold it), from the merit list's rows.
 * `gradeOrder` lists the school's grade codes from the highest.
 */
export function seniorAnalysisOf(input: {
  rows: readonly MeritListRow[];
  groups: readonly {
    id: number;
    name: string;
    subject: { id: number; name: string; code: string };
    teacher: string | null;
    members: readonly number[];
  }[];
  combinations: readonly { id: number; name: string; learners: readonly number[] }[];
  gradeOrder: readonly string[];
}): Pick<SeniorAnalysis, 'groups' | 'combinations'> {
  const rowOf = new Map(input.rows.map((r) => [r.student_id, r]));
  const groups = input.groups.map((group) => {
    const marks = group.members.flatMap((id) => {
      const mark = rowOf.get(id)?.subjects.find((s) => s.subject === group.subject.id);
      return mark && isNumericMark(mark.mark) ? [{ mark: mark.mark, grade: mark.grade }] : [];
    });
    return {
      id: group.id,
      name: group.name,
      subject: group.subject,
      teacher: group.teacher,
      learners: group.members.length,
      sat: marks.length,
      mean_mark: meanOf(marks.map((m) => m.mark)),
      grades: countGrades(
        marks.map((m) => m.grade),
        input.gradeOrder,
      ),
    };
  });
  const combinations = input.combinations.map((combination) => {
    const complete = combination.learners.flatMap((id) => {
      const row = rowOf.get(id);
      return row && row.status === 'complete' && row.mean_mark !== null ? [row] : [];
    });
    return {
      id: combination.id,
      name: combination.name,
      learners: combination.learners.length,
      complete: complete.length,
      mean_mark: meanOf(complete.map((r) => r.mean_mark!)),
      grades: countGrades(
        complete.map((r) => r.mean_grade),
        input.gradeOrder,
      ),
    };
  });
  return { groups, combinations };
}
