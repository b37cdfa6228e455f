import { ATTENDANCE_LABELS, attendedOfRecorded } from '@shule/shared/attendance';
import { formatDate } from '@shule/shared/display-dates';
import type { StudentDetail } from '@shule/shared/students';
import { Badge } from '../../components/ui/badge';
import { LoadError } from '../../components/ui/load-error';
import { SkeletonRows } from '../../components/ui/skeleton';
import { useStudentAttendance } from '../../lib/queries/attendance';

/** The current term's register days of the student: days attended, and the days missed or late. */
export function AttendanceSection({ student }: { student: StudentDetail }) {
  const attendance = useStudentAttendance(student.id);
  const data = attendance.data;
  const missed = data?.days.filter((d) => d.status !== 'present') ?? [];
  return (
    <section
      aria-labelledby="student-attendance"
      className="rounded-lg border bg-background p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="student-attendance" className="text-base font-semibold">
          Attendance
        </h2>
        {data?.term ? (
          <span className="text-sm text-muted-foreground">{data.term.name}</span>
        ) : null}
      </div>
      <div className="mt-3">
        {attendance.isPending ? (
          <SkeletonRows rows={2} />
        ) : attendance.isError ? (
          <LoadError what="the attendance" error={attendance.error} onRetry={attendance.refetch} />
        ) : !data?.term ? (
          <p className="text-sm text-muted-foreground">
            No term is running: registers are taken on the school days of the current term.
          </p>
        ) : (
          <div className="space-y-3">
            <p className="text-lg font-semibold" data-testid="attended-of-recorded">
              {attendedOfRecorded(data.counts)}
            </p>
            {data.counts.recorded > 0 ? (
              <p className="text-sm text-muted-foreground">
                {data.counts.absent} absent · {data.counts.late} late · {data.counts.excused}{' '}
                excused
              </p>
            ) : null}
            {missed.length > 0 ? (
              <ul className="divide-y rounded-md border" aria-label="Days absent, late or excused">
                {missed.map((d) => (
                  <li key={d.date} className="flex items-start gap-3 px-3 py-2 text-sm">
                    <span className="w-28 shrink-0 tabular-nums">{formatDate(d.date)}</span>
                    <Badge
                      tone={
                        d.status === 'absent' ? 'red' : d.status === 'late' ? 'yellow' : 'neutral'
                      }
                    >
                      {ATTENDANCE_LABELS[d.status]}
                    </Badge>
                    <span className="min-w-0 flex-1 text-muted-foreground">{d.note ?? ''}</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        )}
      </div>
    </section>
  );
}
