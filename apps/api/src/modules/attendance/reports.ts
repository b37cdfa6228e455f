import {
  type AbsentStudents,
  type AttendanceCounts,
  type AttendanceSummary,
  attendanceRate,
  type StudentAttendance,
} from '@shule/shared/attendance';
import { todayIn } from '@shule/shared/school-time';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/raw-rows';
import { notFound } from '../../errors';
import type { AuthUser } from '../../plugins/auth';
import { countsOf, isAdmin } from './register';
import { currentTerm, termDaysUpTo } from './terms';

type Tally = Omit<AttendanceCounts, 'rate'>;

const withRate = (tally: Tally): AttendanceCounts => ({ ...tally, rate: attendanceRate(tally) });

const add = (a: Tally, b: Tally): Tally => ({
  recorded: a.recorded + b.recorded,
  present: a.present + b.present,
  absent: a.absent + b.absent,
  late: a.late + b.late,
  excused: a.excused + b.excused,
});

const NONE: Tally = { recorded: 0, present: 0, absent: 0, late: 0, excused: 0 };

/** The tally columns of a group of attendance_marks, as integers. */
const tallyColumns = (prefix: string) =>
  sql.raw(`count(*)::int as ${prefix}recorded,
    (count(*) filter (where status = 'present'))::int as ${prefix}present,
    (count(*) filter (where status = 'absent'))::int as ${prefix}absent,
    (count(*) filter (where status = 'late'))::int as ${prefix}late,
    (count(*) filter (where status = 'excused'))::int as ${prefix}excused`);

interface ClassDayRow {
  id: number;
  name: string;
  active_students: number;
  taken: boolean;
  recorded: number;
  present: number;
  absent: number;
  late: number;
  excused: number;
  t_recorded: number;
  t_present: number;
  t_absent: number;
  t_late: number;
  t_excused: number;
}

/**
 * GET /attendance/summary/?date=: the school's day, every class's day (marks counted in the
 * class they were taken in) and rate over the current term up to the date, and the term's
 * counts for the school. Two queries whatever the school's size.
 */
export async function attendanceSummary(
  db: Db,
  schoolId: number,
  date: string | undefined,
  today = todayIn(),
): Promise<AttendanceSummary> {
  const day = date ?? today;
  const term = await currentTerm(db, schoolId, today);
  const range = term ? termDaysUpTo(term, day) : null;
  const termMarks = range
    ? sql`select class_id, ${tallyColumns('t_')} from attendance_marks
        where school_id = ${schoolId} and date >= ${range.from} and date <= ${range.to}
        group by class_id`
    : sql`select null::int as class_id, 0 as t_recorded, 0 as t_present, 0 as t_absent,
        0 as t_late, 0 as t_excused where false`;
  const rows = await queryRows<ClassDayRow>(
    db,
    sql`select c.id, c.name, coalesce(s.n, 0)::int as active_students, (d.class_id is not null) as taken,
      coalesce(d.recorded, 0)::int as recorded, coalesce(d.present, 0)::int as present,
      coalesce(d.absent, 0)::int as absent, coalesce(d.late, 0)::int as late,
      coalesce(d.excused, 0)::int as excused,
      coalesce(t.t_recorded, 0)::int as t_recorded, coalesce(t.t_present, 0)::int as t_present,
      coalesce(t.t_absent, 0)::int as t_absent, coalesce(t.t_late, 0)::int as t_late,
      coalesce(t.t_excused, 0)::int as t_excused
    from classes c
    left join (
      select class_id, count(*) as n from students
      where school_id = ${schoolId} and is_active and erased_at is null group by class_id
    ) s on s.class_id = c.id
    left join (
      select class_id, ${tallyColumns('')} from attendance_marks
      where school_id = ${schoolId} and date = ${day} group by class_id
    ) d on d.class_id = c.id
    left join (${termMarks}) t on t.class_id = c.id
    where c.school_id = ${schoolId}
    order by c.name, c.id`,
  );
  let dayTally = NONE;
  let termTally = NONE;
  const byClass = rows.map((row) => {
    const dayOfClass: Tally = {
      recorded: row.recorded,
      present: row.present,
      absent: row.absent,
      late: row.late,
      excused: row.excused,
    };
    const termOfClass: Tally = {
      recorded: row.t_recorded,
      present: row.t_present,
      absent: row.t_absent,
      late: row.t_late,
      excused: row.t_excused,
    };
    dayTally = add(dayTally, dayOfClass);
    termTally = add(termTally, termOfClass);
    return {
      class: { id: row.id, name: row.name },
      taken: Boolean(row.taken),
      active_students: row.active_students,
      ...withRate(dayOfClass),
      term_rate: attendanceRate(termOfClass),
    };
  });
  return {
    date: day,
    ...withRate(dayTally),
    by_class: byClass,
    term: term ? { ...term, counts: withRate(termTally) } : null,
  };
}

interface AbsentRow {
  id: number;
  first_name: string;
  last_name: string;
  admission_number: string;
  class_id: number;
  class_name: string;
  note: string | null;
  parent_first_name: string | null;
  parent_last_name: string | null;
  parent_phone: string | null;
  absence_sms_sent: boolean;
}

/**
 * GET /attendance/absent/?date=: the day's students marked absent (not erased), in the class
 * they were marked in, with their parent's phone. An admin sees the school; a teacher the
 * classes they are class teacher of (none: an empty list). One query.
 */
export async function absentStudents(
  db: Db,
  user: AuthUser,
  schoolId: number,
  date: string | undefined,
  today = todayIn(),
): Promise<AbsentStudents> {
  const day = date ?? today;
  const ownClasses = isAdmin(user)
    ? sql``
    : sql`and c.class_teacher_id in (select t.id from teachers t where t.user_id = ${user.id})`;
  const rows = await queryRows<AbsentRow>(
    db,
    sql`select s.id, s.first_name, s.last_name, s.admission_number,
      c.id as class_id, c.name as class_name, am.note,
      p.first_name as parent_first_name, p.last_name as parent_last_name,
      p.phone_number as parent_phone, (am.absence_sms_at is not null) as absence_sms_sent
    from attendance_marks am
    join students s on s.id = am.student_id
    join classes c on c.id = am.class_id
    left join parents p on p.id = s.parent_id and p.school_id = s.school_id
    where am.school_id = ${schoolId} and am.date = ${day} and am.status = 'absent'
      and s.erased_at is null ${ownClasses}
    order by c.name, c.id, s.first_name, s.last_name, s.id`,
  );
  return {
    date: day,
    students: rows.map((r) => ({
      id: r.id,
      first_name: r.first_name,
      last_name: r.last_name,
      admission_number: r.admission_number,
      class: { id: r.class_id, name: r.class_name },
      note: r.note,
      parent:
        r.parent_phone === null
          ? null
          : {
              first_name: r.parent_first_name ?? '',
              last_name: r.parent_last_name ?? '',
              phone_number: r.parent_phone,
            },
      absence_sms_sent: Boolean(r.absence_sms_sent),
    })),
  };
}

/**
 * GET /students/{id}/attendance/: the student's marks in the current term up to today, latest
 * first, and their counts. 404 for another school's student or an erased one.
 */
export async function studentAttendance(
  db: Db,
  schoolId: number,
  studentId: number,
  today = todayIn(),
): Promise<StudentAttendance> {
  const [student] = await queryRows<{ id: number }>(
    db,
    sql`select id from students
    where id = ${studentId} and school_id = ${schoolId} and erased_at is null`,
  );
  if (!student) throw notFound('Student');
  const term = await currentTerm(db, schoolId, today);
  if (!term) return { term: null, counts: countsOf([]), days: [] };
  const range = termDaysUpTo(term, today);
  const days = await queryRows<StudentAttendance['days'][number]>(
    db,
    sql`select date::text as date, status, note from attendance_marks
    where student_id = ${studentId} and school_id = ${schoolId}
      and date >= ${range.from} and date <= ${range.to}
    order by date desc`,
  );
  return { term, counts: countsOf(days), days };
}
