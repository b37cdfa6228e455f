import { classSitsExam } from '@shule/shared/exams';
import {
  kesFromCents,
  MESSAGE_MESSAGES,
  type ResultsSmsPreview,
  type SendMessageResponse,
  smsParts,
} from '@shule/shared/messages';
import { examNotSatMessage } from '@shule/shared/results/merit-list';
import { resultsSmsText } from '@shule/shared/results-sms';
import type { SmsConfig } from '../../config';
import type { Db } from '../../db/client';
import { invalid } from '../../errors';
import { getExam } from '../exams/index';
import {
  audienceStudents,
  classesOfSchool,
  estimateCents,
  gatewayState,
  getMessageRow,
  noReachableParent,
  type OutboxRow,
  parentVerdicts,
  storeMessage,
  tallyPersonalSms,
} from '../messages/index';
import { type ClassRow, selectClassesOf } from './queries';
import { examResults, type ResultsScope } from './service';

/**
 * Results by SMS: each student's parent gets one SMS of their own child's results of an exam,
 * its text built from the merit list (marks, grades, mean grade, position when the exam ranks)
 * by resultsSmsText. The parents are chosen by the broadcast's rule (messages/audience.ts): a parent
 * reached for one child of the classes is reached for each, so siblings' parent gets one SMS
 * per child; a student whose parent is left out is counted once, as no consent or opted out.
 * Students with no mark in the exam get nothing.
 */

/** The classes to send for: those chosen (each must sit the exam), else every class that sits it. */
async function classesToSend(
  db: Db,
  schoolId: number,
  exam: { classes: number[]; levels: string[] },
  chosen: number[] | undefined,
): Promise<ClassRow[]> {
  const all = await selectClassesOf(db, schoolId);
  if (chosen === undefined) return all.filter((c) => classSitsExam(exam, c));
  if (chosen.length === 0) throw invalid('classes', MESSAGE_MESSAGES.classes);
  const byId = new Map(all.map((c) => [c.id, c]));
  const picked = (await classesOfSchool(db, schoolId, chosen)).map((c) => byId.get(c.id)!);
  const notSitting = picked.find((c) => !classSitsExam(exam, c));
  if (notSitting) throw invalid('classes', examNotSatMessage(notSitting.name));
  return picked;
}

/** A class is ranked with the streams of its level: one results computation per level. */
function scopesOf(targets: ClassRow[]): ResultsScope[] {
  const levels = new Set<string>();
  const scopes: ResultsScope[] = [];
  for (const c of targets) {
    if (c.level === null) scopes.push({ classId: c.id });
    else if (!levels.has(c.level)) {
      levels.add(c.level);
      scopes.push({ level: c.level });
    }
  }
  return scopes;
}

interface ResultsPlan {
  exam: { id: number; name: string };
  /** Whether the exam ranks (not CBC): the texts say the position. */
  ranks: boolean;
  classes: ClassRow[];
  /** One per student reached, in merit-list order. */
  rows: (OutboxRow & { studentName: string; admissionNumber: string })[];
  /** The first student's text, reached or not: what the preview shows when nobody is reached. */
  firstListed: { studentName: string; admissionNumber: string; content: string } | null;
  skippedNoConsent: number;
  skippedOptedOut: number;
}

/** What sending the exam's results to the parents of `chosen` (or every class) would send. */
async function resultsPlan(
  db: Db,
  schoolId: number,
  examId: number,
  chosen: number[] | undefined,
): Promise<ResultsPlan> {
  const exam = await getExam(db, schoolId, examId);
  const targets = await classesToSend(db, schoolId, exam, chosen);
  const targetIds = new Set(targets.map((c) => c.id));
  const audience = await audienceStudents(db, schoolId, [...targetIds]);
  const verdicts = parentVerdicts(audience);
  const byStudent = new Map(audience.map((a) => [a.studentId, a]));

  const plan: ResultsPlan = {
    exam: { id: exam.id, name: exam.name },
    ranks: false,
    classes: targets,
    rows: [],
    firstListed: null,
    skippedNoConsent: 0,
    skippedOptedOut: 0,
  };
  for (const scope of scopesOf(targets)) {
    const { list, school } = await examResults(db, schoolId, examId, scope);
    plan.ranks = list.exam.ranks;
    const subjectOrder = list.subjects.map((s) => s.id);
    const codeOf = new Map(list.subjects.map((s) => [s.id, s.code]));
    for (const row of list.rows) {
      if (!targetIds.has(row.class.id)) continue;
      const marks = new Map(row.subjects.map((s) => [s.subject, s]));
      const content = resultsSmsText({
        school: school.name,
        student: { name: row.name, admission_number: row.admission_number },
        exam: list.exam.name,
        subjects: subjectOrder.flatMap((id) => {
          const result = marks.get(id);
          return result ? [{ code: codeOf.get(id)!, mark: result.mark, grade: result.grade }] : [];
        }),
        mean_grade: row.mean_grade,
        position:
          list.exam.ranks && row.level_position !== null
            ? { place: row.level_position, of: row.level_size }
            : null,
      });
      const student = byStudent.get(row.student_id);
      // Erased, inactive or without a parent: not in the audience, and nobody to tell.
      if (!student) continue;
      const names = { studentName: row.name, admissionNumber: row.admission_number };
      plan.firstListed ??= { ...names, content };
      tallyPersonalSms(plan, verdicts.get(student.parentId), {
        ...names,
        parentId: student.parentId,
        studentId: student.studentId,
        phone: student.phone,
        content,
      });
    }
  }
  return plan;
}

/** GET /exams/{id}/results_sms/: whom sending would reach, with one student's text. */
export async function previewResultsSms(
  db: Db,
  schoolId: number,
  sms: SmsConfig,
  examId: number,
  chosen: number[] | undefined,
): Promise<ResultsSmsPreview> {
  const plan = await resultsPlan(db, schoolId, examId, chosen);
  const first = plan.rows[0] ?? plan.firstListed;
  return {
    exam: plan.exam,
    recipients: plan.rows.length,
    skipped_no_consent: plan.skippedNoConsent,
    skipped_opted_out: plan.skippedOptedOut,
    estimated_cost: kesFromCents(
      estimateCents(
        plan.rows.map((r) => r.parts),
        sms,
      ),
    ),
    sample: first
      ? {
          student_name: first.studentName,
          admission_number: first.admissionNumber,
          content: first.content!,
          parts: smsParts(first.content!).parts,
        }
      : null,
    ...(await gatewayState(db, sms)),
  };
}

/**
 * What a results message says in the list: what was sent, without naming a child (every
 * parent's own text is on their recipient row, erased with the child).
 */
export const resultsMessageContent = (examName: string, ranks: boolean) =>
  `${examName} results: each parent gets their own child's ${ranks ? 'marks, grades, mean grade and position' : 'marks, grades and mean grade'}`;

/**
 * POST /exams/{id}/results_sms/: one message of kind results, one outbox row per student whose
 * parent is reached, each with the student's own text, in one transaction; 400 when nobody is.
 */
export function sendResultsSms(
  db: Db,
  actor: { schoolId: number; userId: number },
  sms: SmsConfig,
  examId: number,
  chosen: number[] | undefined,
): Promise<SendMessageResponse> {
  return db.transaction(async (tx) => {
    // Read in the transaction that stores the rows: the text and the audience are one moment's.
    const plan = await resultsPlan(tx, actor.schoolId, examId, chosen);
    if (plan.rows.length === 0) throw noReachableParent();
    const id = await storeMessage(
      tx,
      actor.schoolId,
      sms,
      {
        kind: 'results',
        content: resultsMessageContent(plan.exam.name, plan.ranks),
        classes: plan.classes,
        examId: plan.exam.id,
        sentBy: actor.userId,
        skippedNoConsent: plan.skippedNoConsent,
        skippedOptedOut: plan.skippedOptedOut,
      },
      plan.rows,
    );
    const message = await getMessageRow(tx, actor.schoolId, id);
    const n = message.recipients;
    return {
      message,
      detail: `Results queued for the parents of ${n} student${n === 1 ? '' : 's'}`,
    };
  });
}
