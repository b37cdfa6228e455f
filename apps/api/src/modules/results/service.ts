import { classSitsExam } from '@shule/shared/exams';
import {
  examNotSatMessage,
  noSuchLevelMessage,
  resultsForbiddenMessage,
} from '@shule/shared/results/merit-list';
import { gradingScheme } from '@shule/shared/results/scheme';
import { isSeniorLevel } from '@shule/shared/senior';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { DomainError, forbidden, invalid, notFound } from '../../errors';
import { readSeniorSettings } from '../senior/index';
import { computeResults } from './compute';
import {
  type ClassRow,
  type ExamRow,
  leadsClass,
  selectExamAndSchool,
  selectStudentsAndPrevious,
} from './queries';
import type { ExamResults, ResultsScope } from './types';

/**
 * Exam results, computed at read time: nothing is stored but the marks, so a merit list or
 * report form is always that of the marks and bands as they are now. examResults reads
 * (queries.ts, two queries whatever the size of the school), resolves the scope, and computes
 * (compute.ts); merit lists, report forms, the analysis and results by SMS all start here.
 */

export type { ExamResults, ResultsScope } from './types';

/**
 * The classes a scope ranks together, and those it lists: a class is ranked with the streams
 * of its level; a class without a level alone. Only classes that sit the exam count (an exam
 * that names none is sat by every class).
 */
function resolveScope(all: ClassRow[], exam: ExamRow, scope: ResultsScope) {
  const sitting = { classes: exam.sittingClasses, levels: exam.sittingLevels };
  const sits = (c: ClassRow) => classSitsExam(sitting, c);

  if ('classId' in scope) {
    const listed = all.find((c) => c.id === scope.classId);
    if (!listed) throw notFound('Class');
    if (!sits(listed)) throw invalid('class', examNotSatMessage(listed.name));
    const ranked =
      listed.level === null ? [listed] : all.filter((c) => c.level === listed.level && sits(c));
    return { listed: [listed], ranked, name: listed.name, level: listed.level };
  }
  const ofLevel = all.filter((c) => c.level === scope.level);
  if (ofLevel.length === 0) throw new DomainError(noSuchLevelMessage(scope.level), 404);
  const ranked = ofLevel.filter(sits);
  if (ranked.length === 0) throw invalid('level', examNotSatMessage(scope.level));
  return { listed: ranked, ranked, name: scope.level, level: scope.level };
}

/**
 * Admins see every class's results; a teacher only those of the class they lead as its class
 * teacher (a subject teacher's assignments do not open a class's results), so a level's list
 * is an admin's.
 */
export async function assertMaySeeResults(db: Db, request: FastifyRequest, scope: ResultsScope) {
  if (request.user.roles.includes('admin')) return;
  if (!request.user.roles.includes('teacher') || !('classId' in scope)) {
    throw forbidden(resultsForbiddenMessage);
  }
  if (!(await leadsClass(db, request.schoolId(), scope.classId, request.user.id))) {
    throw forbidden(resultsForbiddenMessage);
  }
}

/**
 * Whether a list the school keeps to itself (`internal`: the merit list, not a report form or
 * an SMS) shows positions its scheme does not give: a senior-school level's, when the school
 * turned internal ranking on.
 */
async function ranksInternally(
  db: Db,
  schoolId: number,
  exam: ExamRow,
  level: string | null,
  internal: boolean,
) {
  if (!internal || gradingScheme(exam.scheme).ranks || !isSeniorLevel(level)) return false;
  return (await readSeniorSettings(db, schoolId)).internal_ranking;
}

/**
 * The results of exam `examId` for `scope`: the merit list of the contract (rows ranked, then
 * the incomplete and withheld by name), and what a report form needs beside it.
 */
export async function examResults(
  db: Db,
  schoolId: number,
  examId: number,
  scope: ResultsScope,
  { internal = false }: { internal?: boolean } = {},
): Promise<ExamResults> {
  const { exam, school, classes, subjects } = await selectExamAndSchool(db, schoolId, examId);
  const { listed, ranked, name, level } = resolveScope(classes, exam, scope);
  const rankedIds = ranked.map((c) => c.id);
  const [rows, rankInternally] = await Promise.all([
    selectStudentsAndPrevious(db, schoolId, exam, rankedIds),
    ranksInternally(db, schoolId, exam, level, internal),
  ]);
  const computed = computeResults({ exam, subjects, ranked, listed, rows, rankInternally });
  return {
    list: {
      exam: {
        id: exam.id,
        name: exam.name,
        term: exam.termName,
        year: exam.yearName,
        grading_scheme: exam.scheme,
        ranks: computed.ranks,
      },
      scope: {
        kind: 'classId' in scope ? 'class' : 'level',
        name,
        level,
        class_id: 'classId' in scope ? scope.classId : null,
      },
      previous_exam: computed.previousExam,
      subjects: computed.columns,
      rows: computed.rows,
    },
    school,
    exam,
    rankedClasses: ranked,
    subjects,
    outcomes: computed.outcomes,
    meanBands: computed.meanBands,
    componentMarks: computed.componentMarks,
    // Read lazily: the getter grades the previous exam mark by mark only for the analysis.
    get previous() {
      return computed.previous;
    },
  };
}

/** GET /exams/{id}/merit_list/ */
export async function meritList(db: Db, schoolId: number, examId: number, scope: ResultsScope) {
  return (await examResults(db, schoolId, examId, scope, { internal: true })).list;
}
