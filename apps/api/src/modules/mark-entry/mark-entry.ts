import { combinedMarksMessage } from '@shule/shared/exams';
import {
  classDoesNotSitMessage,
  entryBaseInvalidMessage,
  entryMarkInvalidMessage,
  hasLeftMessage,
  MARKS_SAVED_MESSAGE,
  type MarkEntry,
  type MarkEntryBand,
  type MarkEntryStudent,
  notInClassMessage,
  notTakingSubjectMessage,
  type SavedMark,
  type SaveMarkEntryResponse,
  type saveMarkEntryBody,
  sentTwiceMessage,
} from '@shule/shared/mark-entry';
import { bandOf } from '@shule/shared/results/bands';
import { isNumericMark, type Mark } from '@shule/shared/results/marks';
import { parseMark, subjectNotTaughtMessage } from '@shule/shared/scores';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { markAsJson } from '../../db/exam-marks';
import { queryRows } from '../../db/raw-rows';
import { classes, exams } from '../../db/schema/index';
import { findInSchool } from '../../db/school-rows';
import { conflict, invalid, notFound } from '../../errors';
import type { AuthUser } from '../../plugins/auth';
import { assertMayMark } from '../teaching/index';
import { lockGroupColumn, readGroupMarkEntry } from './group-mark-entry';
import { type MarkToWrite, writeMarks } from './write-marks';

/** One column of marks: one exam and subject, for a class or a teaching group. */
export interface Column {
  schoolId: number;
  examId: number;
  classId?: number;
  groupId?: number;
  subjectId: number;
}

type ClassColumn = Column & { classId: number };

interface HeaderRow {
  exam_id: number;
  exam_name: string;
  start_date: string;
  end_date: string;
  combined: boolean;
  sits: boolean;
  class_id: number;
  class_name: string;
  subject_id: number;
  subject_name: string;
  subject_code: string;
  taught: boolean;
  bands: MarkEntryBand[];
}

/** The bands of the subject `sub` of a header's query, best grade first, as JSON. */
export const BANDS_OF_SUB = sql`coalesce((
      select json_agg(json_build_object('code', bg.code, 'points', bg.points,
                                        'min', bsg.min_score, 'max', bsg.max_score)
                      order by bg.points desc nulls last, bg.code)
      from subject_grades bsg join grades bg on bg.id = bsg.grade_id
      where bsg.subject_id = sub.id
        and bsg.min_score is not null and bsg.max_score is not null), '[]'::json)`;

/**
 * The exam, class and subject of one column of marks, with the subject's bands and whether the
 * class sits the exam and is taught the subject, in one query (share-locked when writing, so
 * none is deleted under the write). 404 naming the first that is not the school's.
 */
async function readHeader(db: Db | Tx, column: ClassColumn, lock: boolean) {
  const { schoolId, examId, classId, subjectId } = column;
  const [row] = await queryRows<HeaderRow>(
    db,
    sql`
    select e.id as exam_id, e.name as exam_name, e.start_date, e.end_date,
           exists (select 1 from exam_components ec where ec.exam_id = e.id) as combined,
           ((not exists (select 1 from exam_classes x where x.exam_id = e.id)
               and cardinality(e.levels) = 0)
            or exists (select 1 from exam_classes x where x.exam_id = e.id and x.class_id = c.id)
            or c.level = any(e.levels)) as sits,
           c.id as class_id, c.name as class_name,
           sub.id as subject_id, sub.name as subject_name, sub.code as subject_code,
           exists (select 1 from subject_classes sc
                   where sc.subject_id = sub.id and sc.class_id = c.id) as taught,
           ${BANDS_OF_SUB} as bands
    from exams e, classes c, subjects sub
    where e.id = ${examId} and e.school_id = ${schoolId}
      and c.id = ${classId} and c.school_id = ${schoolId}
      and sub.id = ${subjectId} and sub.school_id = ${schoolId}
    ${lock ? sql`for share of e, c, sub` : sql``}`,
  );
  if (!row) {
    await findInSchool(db, schoolId, exams, examId, 'Exam');
    await findInSchool(db, schoolId, classes, classId, 'Class');
    throw notFound('Subject');
  }
  return row;
}

/** The refusals shared by reading and writing a column, past the 404s. */
async function checkColumn(db: Db | Tx, user: AuthUser, header: HeaderRow) {
  const cls = { id: header.class_id, name: header.class_name };
  await assertMayMark(db, user, cls, [{ id: header.subject_id, name: header.subject_name }]);
  if (header.combined) throw conflict(combinedMarksMessage(header.exam_name));
  if (!header.sits) throw invalid('class', classDoesNotSitMessage(cls.name, header.exam_name));
  if (!header.taught) {
    throw invalid('subject', subjectNotTaughtMessage(header.subject_name, cls.name));
  }
}

type StudentRow = Omit<MarkEntryStudent, 'mark'> & { mark: Mark | null };

/**
 * The students of the column in name order, with their mark: the class's active students who
 * take the subject, and anyone whose mark in this subject was entered in this class (a left or
 * moved student's mark stays visible and correctable). One query, on the class's indexes.
 */
function readStudents(db: Db | Tx, column: ClassColumn, lock: boolean) {
  const { schoolId, examId, classId, subjectId } = column;
  return queryRows<StudentRow>(
    db,
    sql`
    select s.id, s.first_name, s.last_name, s.admission_number, s.is_active,
           ${markAsJson('es')} as mark
    from students s
    left join exam_scores es
      on es.student_id = s.id and es.exam_id = ${examId} and es.subject_id = ${subjectId}
    where s.school_id = ${schoolId}
      and s.id in (select m.id from students m where m.class_id = ${classId}
                   union all
                   select x.student_id from exam_scores x
                   where x.class_id = ${classId} and x.exam_id = ${examId}
                     and x.subject_id = ${subjectId})
      and (es.id is not null
           or (s.is_active and s.erased_at is null
               and (not exists (select 1 from student_subjects ss where ss.student_id = s.id)
                    or exists (select 1 from student_subjects ss
                               where ss.student_id = s.id and ss.subject_id = ${subjectId}))))
    order by s.first_name, s.last_name, s.id
    ${lock ? sql`for share of s` : sql``}`,
  );
}

/**
 * GET /exams/{id}/marks/?class=&subject=: one column of marks to enter. A teacher needs the
 * (class, subject) assignment. Two queries (three for a teacher) whatever the class's size.
 */
export async function readMarkEntry(db: Db, user: AuthUser, column: Column): Promise<MarkEntry> {
  if (column.groupId !== undefined) {
    return readGroupMarkEntry(db, user, { ...column, groupId: column.groupId });
  }
  const classColumn = { ...column, classId: column.classId! };
  const header = await readHeader(db, classColumn, false);
  await checkColumn(db, user, header);
  const students = await readStudents(db, classColumn, false);
  return {
    exam: {
      id: header.exam_id,
      name: header.exam_name,
      start_date: header.start_date,
      end_date: header.end_date,
    },
    class: { id: header.class_id, name: header.class_name },
    group: null,
    subject: { id: header.subject_id, name: header.subject_name, code: header.subject_code },
    bands: header.bands,
    students,
  };
}

const nameOf = (s: { first_name: string; last_name: string }) => `${s.first_name} ${s.last_name}`;

interface LastChange {
  student_id: number;
  changed_by: number;
  changed_by_name: string | null;
  changed_at: string;
}

/**
 * PUT /exams/{id}/marks/?class=&subject=: a batch of one column's marks, all or nothing. Every
 * row is checked before anything is written; the first bad one answers 400 naming its row and
 * student. Written by writeMarks in the same transaction as the record of each change. A row
 * sent with `base` (the mark the client last saw) whose mark had been changed on the server
 * meanwhile is still written (last write wins) and answered with what it replaced and who had
 * written that, so the screen can warn.
 */
export async function saveMarkEntry(
  db: Db,
  user: AuthUser,
  column: Column,
  input: z.output<typeof saveMarkEntryBody>,
): Promise<SaveMarkEntryResponse> {
  return db.transaction(async (tx) => {
    const target =
      column.groupId !== undefined
        ? await lockGroupColumn(tx, user, { ...column, groupId: column.groupId })
        : await lockClassColumn(tx, user, { ...column, classId: column.classId! });
    const { header } = target;
    const listed = new Map(target.students.map((s) => [s.id, s] as const));

    const seen = new Set<number>();
    const marks: (MarkToWrite & { base: Mark | null | undefined })[] = [];
    for (const [i, row] of input.marks.entries()) {
      const student = listed.get(row.student);
      if (!student) throw await target.notListed(i, row.student);
      const name = nameOf(student);
      if (seen.has(row.student)) throw invalid(`marks.${i}.student`, sentTwiceMessage(name));
      seen.add(row.student);
      const mark = parseMark(row.mark);
      if (mark === 'invalid') throw invalid(`marks.${i}.mark`, entryMarkInvalidMessage(name));
      const base = row.base === undefined ? undefined : parseMark(row.base);
      if (base === 'invalid') throw invalid(`marks.${i}.base`, entryBaseInvalidMessage(name));
      marks.push({ studentId: student.id, subjectId: header.subject_id, mark, base });
    }
    const classOf = new Map(marks.map((m) => [m.studentId, target.classOf(m.studentId)]));
    const written = await writeMarks(
      tx,
      { schoolId: column.schoolId, examId: header.exam_id, changedBy: user.id },
      marks,
      classOf,
    );
    const replaced = written.filter((w, i) => {
      const base = marks[i]!.base;
      return base !== undefined && base !== w.old && w.old !== w.mark;
    });
    const lastChanges = await lastChangesBefore(
      tx,
      header.exam_id,
      header.subject_id,
      replaced.map((w) => w.studentId),
    );

    const answered = written.map((w): SavedMark => {
      const saved: SavedMark = {
        student: w.studentId,
        mark: w.mark,
        grade:
          w.mark !== null && isNumericMark(w.mark)
            ? (bandOf(w.mark, header.bands)?.code ?? null)
            : null,
      };
      if (replaced.includes(w)) {
        const last = lastChanges.get(w.studentId);
        saved.overwritten = {
          was: w.old,
          changed_by: last ? { id: last.changed_by, name: last.changed_by_name } : null,
          changed_at: last?.changed_at ?? null,
        };
      }
      return saved;
    });
    return { message: MARKS_SAVED_MESSAGE, marks: answered };
  });
}

/** A class's column, locked for writing: its header, students, and why one sent is not listed. */
async function lockClassColumn(tx: Tx, user: AuthUser, column: ClassColumn) {
  const header = await readHeader(tx, column, true);
  await checkColumn(tx, user, header);
  return {
    header,
    students: await readStudents(tx, column, true),
    classOf: () => header.class_id,
    notListed: (i: number, studentId: number) => notListed(tx, column, header, i, studentId),
  };
}

/**
 * Why a student sent is not in the column (a refusal only, so its query is off the usual path):
 * they have left, do not take the subject, or are not in the class (named by id alone, since
 * they may be another school's).
 */
async function notListed(
  tx: Tx,
  column: ClassColumn,
  header: HeaderRow,
  i: number,
  studentId: number,
) {
  const [student] = await queryRows<{ first_name: string; last_name: string; is_active: boolean }>(
    tx,
    sql`select s.first_name, s.last_name, s.is_active from students s
        where s.id = ${studentId} and s.school_id = ${column.schoolId}
          and s.class_id = ${column.classId} and s.erased_at is null`,
  );
  const field = `marks.${i}.student`;
  if (!student) return invalid(field, notInClassMessage(studentId, header.class_name));
  if (!student.is_active) return invalid(field, hasLeftMessage(nameOf(student)));
  return invalid(field, notTakingSubjectMessage(nameOf(student), header.subject_name));
}

/**
 * Who wrote the mark that this transaction has just replaced, per student: the change before
 * the one just recorded (the second newest). One query, only when there is something to say.
 */
async function lastChangesBefore(tx: Tx, examId: number, subjectId: number, studentIds: number[]) {
  if (studentIds.length === 0) return new Map<number, LastChange>();
  const rows = await queryRows<LastChange>(
    tx,
    sql`
    select r.student_id, r.changed_by, r.changed_at,
           u.first_name || ' ' || u.last_name as changed_by_name
    from (select mc.student_id, mc.changed_by,
                 to_char(mc.changed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as changed_at,
                 row_number() over (partition by mc.student_id order by mc.id desc) as n
          from mark_changes mc
          where mc.exam_id = ${examId} and mc.subject_id = ${subjectId}
            and mc.student_id in ${sql`(${sql.join(
              studentIds.map((id) => sql`${id}::int`),
              sql`, `,
            )})`}) r
    left join users u on u.id = r.changed_by
    where r.n = 2`,
  );
  return new Map(rows.map((r) => [r.student_id, r]));
}
