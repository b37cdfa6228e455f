import { combinedMarksMessage } from '@shule/shared/exams';
import {
  markOutOfRangeMessage,
  parseMark,
  type SaveStudentMarksResponse,
  SCORES_SAVED_MESSAGE,
  type StudentsWithGrades,
  type SubjectScore,
  type saveStudentMarksBody,
  subjectNotTakenMessage,
  subjectNotTaughtMessage,
} from '@shule/shared/scores';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { markAsJson } from '../../db/exam-marks';
import { classes, exams, students, subjects } from '../../db/schema/index';
import { findInSchool, ofSchool } from '../../db/school-rows';
import { conflict, invalid, notFound } from '../../errors';
import type { AuthUser } from '../../plugins/auth';
import { assertMayMark } from '../teaching/index';
import { type MarkToWrite, writeMarks } from './write-marks';

// The correlated subqueries name the outer table in full: drizzle leaves column names
// unqualified when a select has a single table, and "id" would then be ambiguous.

/** A student's marks in one exam, as a JSON array, for a query on `students`. */
const scoresOf = (examId: number) => sql<SubjectScore[]>`coalesce((
  select json_agg(json_build_object('subject__name', sub.name, 'subject', sub.id, 'score', ${markAsJson('es')})
                  order by sub.name, sub.id)
  from exam_scores es join subjects sub on sub.id = es.subject_id
  where es.student_id = students.id and es.exam_id = ${examId}
), '[]'::json)`;

/**
 * GET /students/students_with_grades/?exam=&class=: one class for the grading screen, with the
 * subjects taught in it and each student's marks in the exam keyed by subject id, in one query
 * whatever the size of the class (subjects, students and marks are aggregated inside it). Only
 * when the exam or the class is not the school's does a second query say which (404).
 */
export async function listClassMarks(
  db: Db,
  schoolId: number,
  examId: number,
  classId: number,
): Promise<StudentsWithGrades> {
  const [row] = await db
    .select({
      id: classes.id,
      name: classes.name,
      subjects: sql<StudentsWithGrades['subjects']>`coalesce((
        select json_agg(json_build_object('id', sub.id, 'name', sub.name, 'code', sub.code)
                        order by sub.name, sub.id)
        from subject_classes sc join subjects sub on sub.id = sc.subject_id
        where sc.class_id = ${classes.id}
      ), '[]'::json)`,
      students: sql<StudentsWithGrades['students']>`coalesce((
        select json_agg(json_build_object(
                 'id', s.id, 'first_name', s.first_name, 'last_name', s.last_name,
                 'admission_number', s.admission_number,
                 'marks', coalesce((
                   select json_object_agg(es.subject_id, ${markAsJson('es')})
                   from exam_scores es
                   where es.student_id = s.id and es.exam_id = ${exams.id}
                 ), '{}'::json),
                 'subjects', (
                   select json_agg(ss.subject_id order by ss.subject_id)
                   from student_subjects ss where ss.student_id = s.id
                 ))
               order by s.first_name, s.last_name, s.id)
        from students s
        where s.class_id = ${classes.id} and s.school_id = ${schoolId}
          -- An erased student (modules/privacy) is listed only where their marks still count.
          and (s.erased_at is null or exists (
            select 1 from exam_scores es where es.student_id = s.id and es.exam_id = ${exams.id}))
      ), '[]'::json)`,
    })
    .from(classes)
    .innerJoin(exams, ofSchool(exams, schoolId, examId))
    .where(ofSchool(classes, schoolId, classId));
  if (!row) {
    await findInSchool(db, schoolId, exams, examId, 'Exam');
    throw notFound('Class');
  }
  return { class: { id: row.id, name: row.name }, subjects: row.subjects, students: row.students };
}

async function scoresOfStudent(tx: Tx, studentId: number, examId: number) {
  const [row] = await tx
    .select({ scores: scoresOf(examId) })
    .from(students)
    .where(eq(students.id, studentId));
  return (row?.scores ?? []).map((s) => ({
    ...s,
    score: typeof s.score === 'string' ? s.score : Number(s.score),
  }));
}

/**
 * POST /grades/student_subject_grades/: one student's marks for one exam, all or none. A mark
 * is set (insert or update), or removed when sent empty; subjects not sent keep their marks.
 * Every mark is checked before anything is written; a teacher writes only the subjects they
 * teach in the student's class. The student, exam and subjects are share-locked so that none
 * can be deleted while the marks are written; each change is recorded (writeMarks).
 */
export async function saveStudentMarks(
  db: Db,
  schoolId: number,
  user: AuthUser,
  input: z.output<typeof saveStudentMarksBody>,
): Promise<SaveStudentMarksResponse> {
  const entries = Object.entries(input.subject_marks);

  return db.transaction(async (tx) => {
    const [student] = await tx
      .select({ id: students.id, classId: students.classId, className: classes.name })
      .from(students)
      .innerJoin(classes, eq(classes.id, students.classId))
      .where(and(eq(students.id, input.student), eq(students.schoolId, schoolId)))
      .for('share');
    if (!student) throw notFound('Student');
    const exam = await findInSchool(tx, schoolId, exams, input.exam, 'Exam', {
      columns: {
        id: exams.id,
        name: exams.name,
        combined: sql<boolean>`exists (
          select 1 from exam_components c where c.exam_id = ${exams.id})`,
      },
      lock: 'share',
    });
    if (exam.combined) throw conflict(combinedMarksMessage(exam.name));

    const subjectIds = entries.map(([key]) => Number(key));
    const found =
      subjectIds.length === 0
        ? []
        : await tx
            .select({
              id: subjects.id,
              name: subjects.name,
              taught: sql<boolean>`exists (
                select 1 from subject_classes sc
                where sc.subject_id = subjects.id and sc.class_id = ${student.classId})`,
              // A student with their own list of subjects takes only those.
              taken: sql<boolean>`(not exists (
                  select 1 from student_subjects ss where ss.student_id = ${student.id})
                or exists (
                  select 1 from student_subjects ss
                  where ss.student_id = ${student.id} and ss.subject_id = subjects.id))`,
            })
            .from(subjects)
            .where(and(inArray(subjects.id, subjectIds), eq(subjects.schoolId, schoolId)))
            .for('share');
    const subjectById = new Map(found.map((s) => [s.id, s]));
    if (subjectIds.some((id) => !subjectById.has(id))) throw notFound('Subject');

    const marks: MarkToWrite[] = [];
    for (const [key, raw] of entries) {
      const subject = subjectById.get(Number(key))!;
      const score = parseMark(raw);
      if (score === 'invalid') {
        throw invalid(`subject_marks.${key}`, markOutOfRangeMessage(subject.name));
      }
      if (score !== null && !subject.taught) {
        throw invalid(
          `subject_marks.${key}`,
          subjectNotTaughtMessage(subject.name, student.className),
        );
      }
      if (score !== null && !subject.taken) {
        throw invalid(`subject_marks.${key}`, subjectNotTakenMessage(subject.name));
      }
      marks.push({ studentId: student.id, subjectId: subject.id, mark: score });
    }
    await assertMayMark(tx, user, { id: student.classId, name: student.className }, found);
    await writeMarks(
      tx,
      { schoolId, examId: exam.id, changedBy: user.id },
      marks,
      new Map([[student.id, student.classId]]),
    );

    return {
      message: SCORES_SAVED_MESSAGE,
      student: student.id,
      exam: exam.id,
      subject_scores: await scoresOfStudent(tx, student.id, exam.id),
    };
  });
}
