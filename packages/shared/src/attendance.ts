import { z } from 'zod';
import type { DateRange } from './date-status';
import { idField, idParam, isoDateField, optionalText } from './fields';

/** A student's mark in a day's register. Late counts as attended; excused does not. */
export const ATTENDANCE_STATUSES = ['present', 'absent', 'late', 'excused'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
export const ATTENDANCE_LABELS: Record<AttendanceStatus, string> = {
  present: 'Present',
  absent: 'Absent',
  late: 'Late',
  excused: 'Excused',
};

export const ATTENDANCE_MESSAGES = {
  status: 'Status must be present, absent, late or excused',
  noEntries: 'Mark at least one student',
  future: 'A register cannot be taken for a day that has not come yet',
  noTerm: 'No term is running today: registers are taken on the school days of the current term',
  outsideTerm: (term: { name: string } & DateRange) =>
    `Registers are taken on the school days of the current term, ${term.name} (${term.start_date} to ${term.end_date})`,
  weekend: 'Registers are taken Monday to Friday',
  notClassTeacher: (className: string) =>
    `Only the class teacher of ${className} or an admin may take its register`,
  notInClass: 'Every student of the register must be an active student of this class',
  twice: 'A student is marked twice',
} as const;

/** yyyy-mm-dd's day of the week, 0 Sunday to 6 Saturday. */
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/**
 * Why a register may not be taken for `date` (null: it may). School days are Monday to Friday
 * of the current term (the term holding `today`, in Nairobi), up to today: a past day of the
 * term may be taken or corrected, a future one never.
 */
export function registerDateProblem(
  date: string,
  today: string,
  currentTerm: ({ name: string } & DateRange) | null,
): string | null {
  if (date > today) return ATTENDANCE_MESSAGES.future;
  if (!currentTerm) return ATTENDANCE_MESSAGES.noTerm;
  if (date < currentTerm.start_date || date > currentTerm.end_date) {
    return ATTENDANCE_MESSAGES.outsideTerm(currentTerm);
  }
  const day = weekday(date);
  if (day === 0 || day === 6) return ATTENDANCE_MESSAGES.weekend;
  return null;
}

/** The share of marks attended ((present + late) / recorded), a percentage to one decimal. */
export function attendanceRate(counts: { recorded: number; present: number; late: number }) {
  if (counts.recorded === 0) return null;
  return Math.round(((counts.present + counts.late) * 1000) / counts.recorded) / 10;
}

/** `/classes/{id}/register/` and `/students/{id}/attendance/`. */
export const attendanceIdParams = z.object({ id: idParam });

/** `?date=yyyy-mm-dd`: today in Nairobi when left out. */
export const attendanceDateQuery = z.object({ date: isoDateField('Date').optional() });

export const attendanceStatusField = z.enum(ATTENDANCE_STATUSES, {
  error: ATTENDANCE_MESSAGES.status,
});

/**
 * PUT /api/classes/{id}/register/?date=: the day's marks of a class, saved in one transaction
 * (taking it again the same day updates them). `notify_absent` (off by default) texts the
 * parents of the students marked absent, through the outbox, once per student and day.
 */
export const registerBody = z.object({
  entries: z
    .array(
      z.object({
        student: idField('Student'),
        status: attendanceStatusField,
        note: optionalText('Note', { max: 200 }),
      }),
      { error: ATTENDANCE_MESSAGES.noEntries },
    )
    .min(1, ATTENDANCE_MESSAGES.noEntries)
    .max(1000, 'A register holds at most 1000 students'),
  notify_absent: z.boolean({ error: 'notify_absent must be true or false' }).default(false),
});
export type RegisterBody = z.input<typeof registerBody>;

/** How a set of marks adds up; `rate` is attendanceRate's (null when nothing is recorded). */
export const attendanceCountsSchema = z.object({
  recorded: z.number().int(),
  present: z.number().int(),
  absent: z.number().int(),
  late: z.number().int(),
  excused: z.number().int(),
  rate: z.number().nullable(),
});
export type AttendanceCounts = z.infer<typeof attendanceCountsSchema>;

const termRef = z.object({
  id: z.number().int(),
  name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
});
const classRef = z.object({ id: z.number().int(), name: z.string() });

/** GET|PUT /api/classes/{id}/register/?date=: the class's active students and their marks. */
export const registerResponse = z.object({
  class: classRef,
  date: z.string(),
  /** The current term (holding today), or null in a holiday. */
  term: termRef.nullable(),
  /** Why the register cannot be taken for this date (registerDateProblem), or null. */
  closed_reason: z.string().nullable(),
  /** Whether the caller may take it: an admin or the class teacher. */
  may_take: z.boolean(),
  /** When it was last saved and by whom (a name); null until taken. */
  taken_at: z.string().nullable(),
  taken_by: z.string().nullable(),
  students: z.array(
    z.object({
      id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      admission_number: z.string(),
      status: attendanceStatusField.nullable(),
      note: z.string().nullable(),
      /** Whether the parent was texted about this day's absence. */
      absence_sms_sent: z.boolean(),
    }),
  ),
  counts: attendanceCountsSchema,
  /** PUT with notify_absent only: the parents texted now, and those left out (no consent, opted out, no phone). */
  absence_sms: z.object({ queued: z.number().int(), skipped: z.number().int() }).nullable(),
});
export type RegisterResponse = z.infer<typeof registerResponse>;

/**
 * GET /api/attendance/summary/?date=: the school's day (the counts at the top level, as other
 * clients read them), per class (`by_class`: every class, `taken` false until its register is),
 * and the current term so far, for the school and per class.
 */
export const attendanceSummaryResponse = attendanceCountsSchema.extend({
  date: z.string(),
  by_class: z.array(
    attendanceCountsSchema.extend({
      class: classRef,
      taken: z.boolean(),
      active_students: z.number().int(),
      term_rate: z.number().nullable(),
    }),
  ),
  term: termRef.extend({ counts: attendanceCountsSchema }).nullable(),
});
export type AttendanceSummary = z.infer<typeof attendanceSummaryResponse>;

/**
 * GET /api/attendance/absent/?date=: the students marked absent that day with their parent's
 * phone; an admin sees the school, a teacher the classes they are class teacher of.
 */
export const absentStudentsResponse = z.object({
  date: z.string(),
  students: z.array(
    z.object({
      id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      admission_number: z.string(),
      class: classRef,
      note: z.string().nullable(),
      parent: z
        .object({ first_name: z.string(), last_name: z.string(), phone_number: z.string() })
        .nullable(),
      absence_sms_sent: z.boolean(),
    }),
  ),
});
export type AbsentStudents = z.infer<typeof absentStudentsResponse>;

/** GET /api/students/{id}/attendance/: the current term's days for the profile and the report. */
export const studentAttendanceResponse = z.object({
  term: termRef.nullable(),
  counts: attendanceCountsSchema,
  /** The term's marked days, latest first. */
  days: z.array(
    z.object({ date: z.string(), status: attendanceStatusField, note: z.string().nullable() }),
  ),
});
export type StudentAttendance = z.infer<typeof studentAttendanceResponse>;

/** "52 of 55 days (94.5%)": days attended (present or late) of the days recorded. */
export function attendedOfRecorded(counts: AttendanceCounts) {
  if (counts.recorded === 0) return 'No registers taken yet';
  const days = counts.recorded === 1 ? 'day' : 'days';
  return `${counts.present + counts.late} of ${counts.recorded} ${days} (${counts.rate}%)`;
}
