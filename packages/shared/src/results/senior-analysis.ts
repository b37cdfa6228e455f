import { z } from 'zod';
import type { AnalysisCell, AnalysisColumn, AnalysisTable } from './analysis-tables';
import { isNumericMark } from './marks';
import type { MeritListRow } from './merit-list';
import { roundHalfUp } from './rounding';

const gradeCountsSchema = z.array(z.object({ code: z.string(), count: z.number().int() }));

export const seniorAnalysisResponse = z.object({
  exam: z.object({ id: z.number().int(), name: z.string() }),
  level: z.string(),
  /** The school's grade codes from the highest: the columns of the counts. */
  grades: z.array(z.string()),
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
  /** Each combination held now by learners who sat the exam, with their overall results. */
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

const column = (head: string, title: string, kind: AnalysisColumn['kind']): AnalysisColumn => ({
  head,
  title,
  kind,
});

const countsOf = (grades: readonly string[], counts: GradeCounts): AnalysisCell[] =>
  grades.map((code) => counts.find((c) => c.code === code)?.count ?? 0);

/** The senior analysis as the analysis screen's tables (with their CSV): by group, by combination. */
export function seniorAnalysisTables(a: SeniorAnalysis): AnalysisTable[] {
  const gradeColumns = a.grades.map((g) => column(g, g, 'count'));
  return [
    {
      key: 'teaching-groups',
      title: 'Subjects by teaching group',
      columns: [
        column('SUBJECT', 'Subject', 'text'),
        column('GROUP', 'Teaching group', 'text'),
        column('TEACHER', 'Teacher', 'text'),
        column('LEARNERS', 'Learners in the group', 'count'),
        column('SAT', 'Learners with a mark', 'count'),
        column('MN MKS', 'Mean mark', 'mark'),
        ...gradeColumns,
      ],
      rows: a.groups.map((g) => ({
        cells: [
          g.subject.name,
          g.name,
          g.teacher ?? '',
          g.learners,
          g.sat,
          g.mean_mark,
          ...countsOf(a.grades, g.grades),
        ],
      })),
      empty: `No teaching groups of ${a.level} in the subjects of this exam: make them on the Teaching groups screen.`,
    },
    {
      key: 'combinations',
      title: 'Results by combination',
      columns: [
        column('COMBINATION', 'Subject combination', 'text'),
        column('LEARNERS', 'Learners who take it and sat the exam', 'count'),
        column('COMPLETE', 'Learners with a complete result', 'count'),
        column('MN MKS', 'Mean mark', 'mark'),
        ...gradeColumns,
      ],
      rows: a.combinations.map((c) => ({
        cells: [c.name, c.learners, c.complete, c.mean_mark, ...countsOf(a.grades, c.grades)],
      })),
      empty: `No learner of ${a.level} has a combination recorded.`,
    },
  ];
}
