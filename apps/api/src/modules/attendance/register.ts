import {
  ATTENDANCE_MESSAGES,
  type AttendanceCounts,
  type AttendanceStatus,
  attendanceRate,
  type RegisterResponse,
  type registerBody,
  registerDateProblem,
} from '@shule/shared/attendance';
import { todayIn } from '@shule/shared/school-time';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SmsConfig } from '../../config';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/raw-rows';
import { attendanceMarks } from '../../db/schema/index';
import { forbidden, invalid, notFound } from '../../errors';
import type { AuthUser } from '../../plugins/auth';
import { recordAudit } from '../audit/index';
import { queueAbsenceSms } from './absence-sms';
import { currentTerm, type TermRef } from './terms';

/**
 * A class's daily register (decision 020): one attendance_marks row per student and day,
 * taken by the class teacher or an admin on the school days of the current term.
 */

export const isAdmin = (user: AuthUser) => user.roles.includes('admin');

/** A day's marks added up, with attendanceRate's rate. */
export function countsOf(marks: Iterable<{ status: AttendanceStatus | null }>): AttendanceCounts {
  const counts = { recorded: 0, present: 0, absent: 0, late: 0, excused: 0 };
  for (const { status } of marks) {
    if (status === null) continue;
    counts.recorded += 1;
    counts[status] += 1;
  }
  return { ...counts, rate: attendanceRate(counts) };
}

interface ClassHeader {
  id: number;
  name: string;
  class_teacher_user: number | null;
  taken_at: string | null;
  taken_by: string | null;
}

/**
 * The class, the user id of its class teacher and who last saved the day's register: one query
 * (the class share-locked when writing, so it is not deleted under the register). 404 for
 * another school's class.
 */
async function readClassHeader(
  db: Db | Tx,
  schoolId: number,
  classId: number,
  date: string,
  lock: boolean,
) {
  const [row] = await queryRows<ClassHeader>(
    db,
    sql`select c.id, c.name, t.user_id as class_teacher_user,
      to_char(last.recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as taken_at,
      case when u.id is null then null else u.first_name || ' ' || u.last_name end as taken_by
    from classes c
    left join teachers t on t.id = c.class_teacher_id
    left join lateral (
      select am.recorded_at, am.recorded_by from attendance_marks am
      where am.class_id = c.id and am.date = ${date}
      order by am.recorded_at desc, am.id desc limit 1
    ) last on true
    left join users u on u.id = last.recorded_by
    where c.id = ${classId} and c.school_id = ${schoolId}
    ${lock ? sql`for share of c` : sql``}`,
  );
  if (!row) throw notFound('Class');
  return row;
}

const mayTake = (user: AuthUser, header: ClassHeader) =>
  isAdmin(user) || (header.class_teacher_user !== null && header.class_teacher_user === user.id);

type RegisterStudent = RegisterResponse['students'][number];

/** The class's active, not erased students in name order with their mark of the day. */
function readRegisterStudents(db: Db | Tx, schoolId: number, classId: number, date: string) {
  return queryRows<RegisterStudent>(
    db,
    sql`select s.id, s.first_name, s.last_name, s.admission_number,
      am.status, am.note, (am.absence_sms_at is not null) as absence_sms_sent
    from students s
    left join attendance_marks am on am.student_id = s.id and am.date = ${date}
    where s.school_id = ${schoolId} and s.class_id = ${classId}
      and s.is_active and s.erased_at is null
    order by s.first_name, s.last_name, s.id`,
  );
}

interface RegisterDay {
  schoolId: number;
  classId: number;
  date?: string;
}

async function readRegister(
  db: Db | Tx,
  user: AuthUser,
  day: RegisterDay,
  header: ClassHeader | null,
  today: string,
  term: TermRef | null,
): Promise<RegisterResponse> {
  const date = day.date ?? today;
  const head = header ?? (await readClassHeader(db, day.schoolId, day.classId, date, false));
  const students = await readRegisterStudents(db, day.schoolId, day.classId, date);
  return {
    class: { id: head.id, name: head.name },
    date,
    term,
    closed_reason: registerDateProblem(date, today, term),
    may_take: mayTake(user, head),
    taken_at: head.taken_at,
    taken_by: head.taken_at ? head.taken_by : null,
    students: students.map((s) => ({ ...s, absence_sms_sent: Boolean(s.absence_sms_sent) })),
    counts: countsOf(students),
    absence_sms: null,
  };
}

/**
 * GET /classes/{id}/register/?date=: any staff member may read a class's register; `may_take`
 * says whether they may save it. Three queries whatever the class's size.
 */
export async function getRegister(
  db: Db,
  user: AuthUser,
  day: RegisterDay,
  today = todayIn(),
): Promise<RegisterResponse> {
  const term = await currentTerm(db, day.schoolId, today);
  return readRegister(db, user, day, null, today, term);
}

/**
 * PUT /classes/{id}/register/?date=: saves the day's marks in one transaction; taking it again
 * updates them. With notify_absent, the parents of the students marked absent are texted
 * through the outbox, once per student and day.
 */
export async function saveRegister(
  db: Db,
  actor: { user: AuthUser; address: string | null },
  sms: SmsConfig,
  day: RegisterDay,
  body: z.output<typeof registerBody>,
  today = todayIn(),
): Promise<RegisterResponse> {
  const { user } = actor;
  const date = day.date ?? today;
  return db.transaction(async (tx) => {
    const header = await readClassHeader(tx, day.schoolId, day.classId, date, true);
    const term = await currentTerm(tx, day.schoolId, today);
    if (!mayTake(user, header)) throw forbidden(ATTENDANCE_MESSAGES.notClassTeacher(header.name));
    const closed = registerDateProblem(date, today, term);
    if (closed) throw invalid('date', closed);

    const ids = body.entries.map((e) => e.student);
    if (new Set(ids).size !== ids.length) throw invalid('entries', ATTENDANCE_MESSAGES.twice);
    const members = await queryRows<{ id: number }>(
      tx,
      sql`select s.id from students s
      where s.school_id = ${day.schoolId} and s.class_id = ${day.classId}
        and s.is_active and s.erased_at is null
        and s.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
      for share of s`,
    );
    if (members.length !== ids.length) throw invalid('entries', ATTENDANCE_MESSAGES.notInClass);

    await tx
      .insert(attendanceMarks)
      .values(
        body.entries.map((e) => ({
          schoolId: day.schoolId,
          classId: day.classId,
          studentId: e.student,
          date,
          status: e.status,
          note: e.note ?? null,
          recordedBy: user.id,
        })),
      )
      .onConflictDoUpdate({
        target: [attendanceMarks.studentId, attendanceMarks.date],
        set: {
          status: sql`excluded.status`,
          note: sql`excluded.note`,
          classId: sql`excluded.class_id`,
          recordedBy: sql`excluded.recorded_by`,
          recordedAt: sql`now()`,
        },
      });
    await recordAudit(tx, {
      schoolId: day.schoolId,
      actorUserId: user.id,
      action: 'register_taken',
      subjectType: 'class',
      subjectId: day.classId,
      address: actor.address,
    });
    const absenceSms = body.notify_absent
      ? await queueAbsenceSms(
          tx,
          { schoolId: day.schoolId, userId: user.id },
          sms,
          { id: header.id, name: header.name },
          date,
          today,
        )
      : null;
    const saved = await readClassHeader(tx, day.schoolId, day.classId, date, false);
    const register = await readRegister(tx, user, { ...day, date }, saved, today, term);
    return { ...register, absence_sms: absenceSms };
  });
}
