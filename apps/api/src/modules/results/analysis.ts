import {
  type AnalysisInput,
  type AnalysisStudent,
  analysisSummary,
  computeAnalysis,
  type ExamAnalysis,
  type LatestResults,
} from '@shule/shared/results/analysis';
import { reportTeachersCell } from '@shule/shared/teaching';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/raw-rows';
import { subjectTeachersOn } from '../teaching/index';
import { type ExamResults, examResults, type ResultsScope } from './service';

/**
 * GET /exams/{id}/analysis/: the analysis of the merit list's own graded marks and outcomes
 * (examResults: a constant number of queries), with the previous exam's beside them.
 */
export async function examAnalysis(
  db: Db,
  schoolId: number,
  examId: number,
  scope: ResultsScope,
): Promise<ExamAnalysis> {
  const results = await examResults(db, schoolId, examId, scope);
  const { list } = results;
  const { ranks: _, ...exam } = list.exam;
  const computed = computeAnalysis(analysisInput(results, scope));
  const streamIds = computed.streams.map((s) => s.class.id);
  const teachersOf = await subjectTeachersOn(db, schoolId, streamIds, results.exam.startDate);
  // A stream's row names its own teachers; the scope's row, those of all its streams.
  for (const stream of computed.streams) {
    for (const row of stream.subjects) {
      row.teacher = reportTeachersCell(teachersOf(stream.class.id, row.subject.id));
    }
  }
  for (const row of computed.overall.subjects) {
    row.teacher = reportTeachersCell(streamIds.flatMap((id) => teachersOf(id, row.subject.id)));
  }
  return { exam, scope: list.scope, previous_exam: list.previous_exam, ...computed };
}

/** What the shared computation reads of an exam's results for a scope. */
function analysisInput(results: ExamResults, scope: ResultsScope): AnalysisInput {
  const { list } = results;
  const streams =
    'classId' in scope
      ? results.rankedClasses.filter((c) => c.id === scope.classId)
      : results.rankedClasses;
  const students: AnalysisStudent[] = list.rows.map((row) => ({
    student_id: row.student_id,
    admission_number: row.admission_number,
    name: row.name,
    class_id: row.class.id,
    entry_marks: row.entry?.marks ?? null,
    position: row.level_position,
    current: { marks: row.subjects, outcome: results.outcomes.get(row.student_id)! },
    previous: results.previous.get(row.student_id) ?? null,
  }));
  return {
    scheme: results.exam.scheme,
    meanBands: results.meanBands,
    subjects: list.subjects.map((s) => ({ ...s, bands: results.subjects.get(s.id)?.bands ?? [] })),
    streams: streams.map((c) => ({ id: c.id, name: c.name })),
    students,
  };
}

/**
 * The latest exam with marks (by start date, then id; a combined exam once a component has
 * marks) and the scopes that sit it: each level, and each class without a level.
 */
async function selectLatestExam(db: Db, schoolId: number) {
  const [row] = await queryRows<{
    id: number;
    scopes: { level: string | null; class_id: number; name: string }[] | null;
  }>(
    db,
    sql`
    select e.id,
           (select json_agg(json_build_object('level', c.level, 'class_id', c.id, 'name', c.name)
                            order by c.level, c.name)
            from classes c
            where c.school_id = e.school_id
              and (not exists (select 1 from exam_classes ec where ec.exam_id = e.id)
                     and coalesce(cardinality(e.levels), 0) = 0
                   or c.id in (select ec.class_id from exam_classes ec where ec.exam_id = e.id)
                   or c.level = any(e.levels))) as scopes
    from exams e
    where e.school_id = ${schoolId}
      and (exists (select 1 from exam_scores es where es.exam_id = e.id)
           or exists (select 1 from exam_components ec
                      join exam_scores es on es.exam_id = ec.component_exam_id
                      where ec.exam_id = e.id))
    order by e.start_date desc, e.id desc
    limit 1`,
  );
  if (!row) return null;
  const scopes: ResultsScope[] = [];
  const names: string[] = [];
  for (const c of row.scopes ?? []) {
    if (c.level === null) {
      scopes.push({ classId: c.class_id });
      names.push(c.name);
    } else if (!names.includes(c.level)) {
      scopes.push({ level: c.level });
      names.push(c.level);
    }
  }
  return { id: row.id, scopes, names };
}

/**
 * GET /exams/latest_results/: the dashboard's card, each level's mean grade and deviation in the
 * latest exam with marks. One examResults per level (a school has a handful), side by side.
 */
export async function latestResults(db: Db, schoolId: number): Promise<LatestResults> {
  const latest = await selectLatestExam(db, schoolId);
  if (!latest) return { exam: null, previous_exam: null, measure: null, groups: [] };
  const all = await Promise.all(
    latest.scopes.map(async (scope, i) => {
      const results = await examResults(db, schoolId, latest.id, scope);
      return {
        scope,
        name: latest.names[i]!,
        results,
        ...analysisSummary(analysisInput(results, scope)),
      };
    }),
  );
  const withMarks = all.filter((g) => g.summary.entries > 0);
  const first = withMarks[0] ?? all[0];
  const exam = first?.results.list.exam;
  return {
    exam: exam ? { id: exam.id, name: exam.name, term: exam.term, year: exam.year } : null,
    previous_exam:
      withMarks.find((g) => g.results.list.previous_exam)?.results.list.previous_exam ?? null,
    measure: first?.measure ?? null,
    groups: withMarks.map(({ scope, name, summary }) => ({
      name,
      level: 'level' in scope ? scope.level : null,
      class_id: 'classId' in scope ? scope.classId : null,
      entries: summary.entries,
      mean_mark: summary.mean_mark,
      mean_points: summary.mean_points,
      mean_grade: summary.mean_grade,
      deviation: summary.deviation,
    })),
  };
}
