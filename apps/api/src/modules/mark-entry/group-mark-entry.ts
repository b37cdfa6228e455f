import { combinedMarksMessage } from '@shule/shared/exams';
import {
  classDoesNotSitMessage,
  hasLeftMessage,
  type MarkEntry,
  type MarkEntryBand,
  type MarkEntryStudent,
  notInClassMessage,
} from '@shule/shared/mark-entry';
import type { Mark } from '@shule/shared/results/marks';
import { GROUP_MESSAGES } from '@shule/shared/senior-groups';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { markAsJson } from '../../db/exam-marks';
import { queryRows } from '../../db/raw-rows';
import { exams, teachingGroups } from '../../db/schema/index';
import { findInSchool } from '../../db/school-rows';
import { conflict, forbidden, invalid, notFound } from '../../errors';
import type { AuthUser } from '../../plugins/auth';
import { BANDS_OF_SUB, type Column } from './mark-entry';

type GroupColumn = Column & { groupId: number };

interface GroupHeaderRow {
  exam_id: number;
  exam_name: string;
  start_date: string;
  end_date: string;
  combined: boolean;
  sits: boolean;
  group_id: number;
  group_name: string;
  group_level: string;
  group_subject_id: number;
  teaches: boolean;
  subject_id: number;
  subject_name: string;
  subject_code: string;
  bands: MarkEntryBand[];
}

/**
 * The exam, teaching group and subject of a group's column, with the subject's bands, whether
 * the group's level sits the exam and whether the user signed in teaches the group, in one
 * query (share-locked when writing). 404 naming the first that is not the school's.
 */
async function readGroupHeader(db: Db | Tx, user: AuthUser, column: GroupColumn, lock: boolean) {
  const { schoolId, examId, groupId, subjectId } = column;
  const [row] = await queryRows<GroupHeaderRow>(
    db,
    sql`
    select e.id as exam_id, e.name as exam_name, e.start_date, e.end_date,
           exists (select 1 from exam_components ec where ec.exam_id = e.id) as combined,
           ((not exists (select 1 from exam_classes x where x.exam_id = e.id)
               and cardinality(e.levels) = 0)
            or g.level = any(e.levels)
            or exists (select 1 from exam_classes x join classes c on c.id = x.class_id
                       where x.exam_id = e.id and c.level = g.level)) as sits,
           g.id as group_id, g.name as group_name, g.level as group_level,
           g.subject_id as group_subject_id,
           coalesce(t.user_id = ${user.id}, false) as teaches,
           sub.id as subject_id, sub.name as subject_name, sub.code as subject_code,
           ${BANDS_OF_SUB} as bands
    from exams e
    cross join subjects sub
    cross join teaching_groups g
    left join teachers t on t.id = g.teacher_id
    where e.id = ${examId} and e.school_id = ${schoolId}
      and g.id = ${groupId} and g.school_id = ${schoolId}
      and sub.id = ${subjectId} and sub.school_id = ${schoolId}
    ${lock ? sql`for share of e, g, sub` : sql``}`,
  );
  if (!row) {
    await findInSchool(db, schoolId, exams, examId, 'Exam');
    await findInSchool(db, schoolId, teachingGroups, groupId, 'Teaching group');
    throw notFound('Subject');
  }
  const admin = user.roles.includes('admin');
  if (!admin && !row.teaches) throw forbidden(GROUP_MESSAGES.notYourGroup(row.group_name));
  if (row.combined) throw conflict(combinedMarksMessage(row.exam_name));
  if (!row.sits) throw invalid('group', classDoesNotSitMessage(row.group_name, row.exam_name));
  if (row.group_subject_id !== row.subject_id) {
    throw invalid('subject', GROUP_MESSAGES.groupSubject(row.group_name, row.subject_name));
  }
  return row;
}

type GroupStudentRow = Omit<MarkEntryStudent, 'mark'> & {
  mark: Mark | null;
  class_id: number;
};

/**
 * The group's members in name order, with their mark and stream: active ones, and any who
 * have left but have a mark. One query.
 */
function readGroupStudents(db: Db | Tx, column: GroupColumn, lock: boolean) {
  const { schoolId, examId, groupId, subjectId } = column;
  return queryRows<GroupStudentRow>(
    db,
    sql`
    select s.id, s.first_name, s.last_name, s.admission_number, s.is_active,
           ${markAsJson('es')} as mark, c.name as class_name, c.id as class_id
    from teaching_group_members m
    join students s on s.id = m.student_id
    join classes c on c.id = s.class_id
    left join exam_scores es
      on es.student_id = s.id and es.exam_id = ${examId} and es.subject_id = ${subjectId}
    where m.group_id = ${groupId} and s.school_id = ${schoolId} and s.erased_at is null
      and (s.is_active or es.id is not null)
    order by s.first_name, s.last_name, s.id
    ${lock ? sql`for share of s` : sql``}`,
  );
}

/** GET /exams/{id}/marks/?group=&subject=: a teaching group's column. Two queries. */
export async function readGroupMarkEntry(
  db: Db,
  user: AuthUser,
  column: GroupColumn,
): Promise<MarkEntry> {
  const header = await readGroupHeader(db, user, column, false);
  const students = await readGroupStudents(db, column, false);
  return {
    exam: {
      id: header.exam_id,
      name: header.exam_name,
      start_date: header.start_date,
      end_date: header.end_date,
    },
    class: null,
    group: { id: header.group_id, name: header.group_name, level: header.group_level },
    subject: { id: header.subject_id, name: header.subject_name, code: header.subject_code },
    bands: header.bands,
    students: students.map(({ class_id: _, ...s }) => s),
  };
}

/** A group's column, locked for writing: its header, members, and why one sent is not listed. */
export async function lockGroupColumn(tx: Tx, user: AuthUser, column: GroupColumn) {
  const header = await readGroupHeader(tx, user, column, true);
  const students = await readGroupStudents(tx, column, true);
  const classOf = new Map(students.map((s) => [s.id, s.class_id]));
  return {
    header,
    students,
    classOf: (studentId: number) => classOf.get(studentId)!,
    notListed: async (i: number, studentId: number) => {
      const [left] = await queryRows<{ first_name: string; last_name: string }>(
        tx,
        sql`select s.first_name, s.last_name from teaching_group_members m
            join students s on s.id = m.student_id
            where m.group_id = ${column.groupId} and s.id = ${studentId}
              and s.erased_at is null and not s.is_active`,
      );
      const field = `marks.${i}.student`;
      if (left) return invalid(field, hasLeftMessage(`${left.first_name} ${left.last_name}`));
      return invalid(field, notInClassMessage(studentId, header.group_name));
    },
  };
}
