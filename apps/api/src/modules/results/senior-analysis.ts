import { type SeniorAnalysis, seniorAnalysisOf } from '@shule/shared/results/senior-analysis';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  seniorCombinations,
  subjects,
  teachers,
  teachingGroups,
  users,
} from '../../db/schema/index';
import { currentChoices } from '../senior/index';
import { examResults } from './service';

/** The level's teaching groups in these subjects, with their teachers and members: one query. */
function selectGroups(db: Db, schoolId: number, level: string, subjectIds: number[]) {
  return db
    .select({
      id: teachingGroups.id,
      name: teachingGroups.name,
      subject: { id: subjects.id, name: subjects.name, code: subjects.code },
      teacher: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
      members: sql<number[]>`coalesce((select array_agg(m.student_id order by m.student_id)
        from teaching_group_members m where m.group_id = ${teachingGroups.id}), '{}')`,
    })
    .from(teachingGroups)
    .innerJoin(subjects, eq(subjects.id, teachingGroups.subjectId))
    .leftJoin(teachers, eq(teachers.id, teachingGroups.teacherId))
    .leftJoin(users, eq(users.id, teachers.userId))
    .where(
      and(
        eq(teachingGroups.schoolId, schoolId),
        eq(teachingGroups.level, level),
        inArray(teachingGroups.subjectId, subjectIds.length > 0 ? subjectIds : [0]),
      ),
    )
    .orderBy(subjects.name, teachingGroups.name);
}

/**
 * GET /exams/{id}/senior_analysis/?level=: a senior level's results by teaching group and by
 * combination, from the level's merit list (examResults) and four more queries at most.
 */
export async function seniorAnalysis(
  db: Db,
  schoolId: number,
  examId: number,
  level: string,
): Promise<SeniorAnalysis> {
  const results = await examResults(db, schoolId, examId, { level });
  const { rows } = results.list;
  const studentIds = rows.map((r) => r.student_id);
  const [groups, choices] = await Promise.all([
    selectGroups(
      db,
      schoolId,
      level,
      results.list.subjects.map((s) => s.id),
    ),
    currentChoices(db, schoolId, studentIds),
  ]);
  const holders = new Map<number, number[]>();
  for (const c of choices)
    holders.set(c.combinationId, [...(holders.get(c.combinationId) ?? []), c.studentId]);
  const names =
    holders.size === 0
      ? []
      : await db
          .select({ id: seniorCombinations.id, name: seniorCombinations.name })
          .from(seniorCombinations)
          .where(
            and(
              eq(seniorCombinations.schoolId, schoolId),
              inArray(seniorCombinations.id, [...holders.keys()]),
            ),
          )
          .orderBy(seniorCombinations.name);
  const gradeOrder = [...results.meanBands].sort((a, b) => b.min - a.min).map((b) => b.code);
  return {
    exam: { id: results.list.exam.id, name: results.list.exam.name },
    level,
    grades: gradeOrder,
    ...seniorAnalysisOf({
      rows,
      groups,
      combinations: names.map((c) => ({ ...c, learners: holders.get(c.id)! })),
      gradeOrder,
    }),
  };
}
