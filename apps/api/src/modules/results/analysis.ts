import type { ExamAnalysis, LatestResults } from '@shule/shared/results/analysis';
import { reportTeachersCell } from '@shule/shared/teaching';
import type { Db } from '../../db/client';
import { subjectTeachersOn } from '../teaching/index';
import { analysisOf, analysisSummaryOf } from './compute';
import { selectLatestExam } from './queries';
import { examResults, type ResultsScope } from './service';

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
  const computed = analysisOf(results, scope);
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

/** The latest exam with marks and the scopes that sit it: each level, and each class without a level. */
async function latestExamScopes(db: Db, schoolId: number) {
  const row = await selectLatestExam(db, schoolId);
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
  const latest = await latestExamScopes(db, schoolId);
  if (!latest) return { exam: null, previous_exam: null, measure: null, groups: [] };
  const all = await Promise.all(
    latest.scopes.map(async (scope, i) => {
      const results = await examResults(db, schoolId, latest.id, scope);
      return {
        scope,
        name: latest.names[i]!,
        results,
        ...analysisSummaryOf(results, scope),
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
