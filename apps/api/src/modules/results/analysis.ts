import {
  type AnalysisStudent,
  computeAnalysis,
  type ExamAnalysis,
} from '@shule/shared/results/analysis';
import type { Db } from '../../db/client';
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
  return analysisOf(await examResults(db, schoolId, examId, scope), scope);
}

export function analysisOf(results: ExamResults, scope: ResultsScope): ExamAnalysis {
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
  const { ranks: _, ...exam } = list.exam;
  return {
    exam,
    scope: list.scope,
    previous_exam: list.previous_exam,
    ...computeAnalysis({
      scheme: results.exam.scheme,
      meanBands: results.meanBands,
      subjects: list.subjects.map((s) => ({
        ...s,
        bands: results.subjects.get(s.id)?.bands ?? [],
      })),
      streams: streams.map((c) => ({ id: c.id, name: c.name })),
      students,
    }),
  };
}
