import { type AttendanceCounts, attendanceRate } from '@shule/shared/attendance';
import { and, between, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attendanceMarks } from '../../db/schema/index';

/**
 * Each student's register marks from `start` to `end` (a term's days) added up, in one query for
 * all of them; a student with no mark in the days is left out.
 */
export async function attendanceBetween(
  db: Db,
  schoolId: number,
  studentIds: readonly number[],
  start: string,
  end: string,
): Promise<Map<number, AttendanceCounts>> {
  if (studentIds.length === 0) return new Map();
  const count = (status: string) =>
    sql<number>`(count(*) filter (where ${attendanceMarks.status} = ${status}))::int`;
  const rows = await db
    .select({
      student: attendanceMarks.studentId,
      recorded: sql<number>`count(*)::int`,
      present: count('present'),
      absent: count('absent'),
      late: count('late'),
      excused: count('excused'),
    })
    .from(attendanceMarks)
    .where(
      and(
        eq(attendanceMarks.schoolId, schoolId),
        inArray(attendanceMarks.studentId, [...studentIds]),
        between(attendanceMarks.date, start, end),
      ),
    )
    .groupBy(attendanceMarks.studentId);
  return new Map(rows.map(({ student, ...c }) => [student, { ...c, rate: attendanceRate(c) }]));
}
