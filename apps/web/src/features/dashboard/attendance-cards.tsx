import type { AttendanceSummary } from '@shule/shared/attendance';
import { CalendarCheck, ChevronRight, Phone, UserX } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton, SkeletonRows } from '../../components/ui/skeleton';
import {
  formatRate,
  registerPath,
  useAbsentToday,
  useAttendanceSummary,
} from '../../lib/queries/attendance';

export const NO_REGISTER_TEXT = 'No register taken';
export const NO_ABSENT_TEXT = 'No one is marked absent today';

const takenOf = (summary: AttendanceSummary) => {
  const taken = summary.by_class.filter((c) => c.taken).length;
  return `${taken} of ${summary.by_class.length} ${summary.by_class.length === 1 ? 'class' : 'classes'} taken`;
};

/** The stat card of the admin's dashboard: today's rate, how many registers are in, the term's rate. */
export function AttendanceRateCard() {
  const summary = useAttendanceSummary();
  const data = summary.data;
  return (
    <Link
      to="/attendance"
      className="block rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <Card className="h-full transition-shadow hover:shadow-md">
        <CardHeader className="flex-row items-center justify-between pb-2">
          <CardTitle className="text-sm font-medium text-muted-foreground">
            Attendance Rate
          </CardTitle>
          <CalendarCheck className="h-5 w-5 text-primary" aria-hidden="true" />
        </CardHeader>
        <CardContent>
          {summary.isPending ? (
            <Skeleton className="h-9 w-16" />
          ) : summary.isError || !data ? (
            <p role="alert" className="text-sm text-destructive">
              An error occurred
            </p>
          ) : (
            <>
              <p
                className={data.rate === null ? 'text-lg font-semibold' : 'text-3xl font-bold'}
                data-testid="attendance-today"
              >
                {data.rate === null ? NO_REGISTER_TEXT : formatRate(data.rate)}
              </p>
              <p className="mt-1 text-xs text-muted-foreground">
                Today · {takenOf(data)}
                <br />
                <span data-testid="attendance-term">
                  {data.term
                    ? `${data.term.name}: ${formatRate(data.term.counts.rate)}`
                    : 'No term is running'}
                </span>
              </p>
            </>
          )}
        </CardContent>
      </Card>
    </Link>
  );
}

/** Each class's register today and its rate over the term, linking to the register. */
export function AttendanceByClassCard() {
  const summary = useAttendanceSummary();
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-3 pb-3">
        <CardTitle className="text-base">Registers today</CardTitle>
        {summary.data ? (
          <span className="text-sm text-muted-foreground">{takenOf(summary.data)}</span>
        ) : null}
      </CardHeader>
      <CardContent>
        {summary.isPending ? (
          <SkeletonRows rows={3} />
        ) : summary.isError ? (
          <LoadError what="the registers" error={summary.error} onRetry={summary.refetch} />
        ) : summary.data.by_class.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No classes yet: registers are taken by class.
          </p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Registers by class">
            {summary.data.by_class.map((c) => (
              <li key={c.class.id}>
                <Link
                  to={registerPath(c.class.id)}
                  className="flex items-center gap-3 px-3 py-2.5 text-sm hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <span className="min-w-0 flex-1 truncate font-medium">{c.class.name}</span>
                  <span className="shrink-0 text-right tabular-nums">
                    {c.taken ? (
                      <span className="font-medium">{formatRate(c.rate)}</span>
                    ) : (
                      <span className="text-muted-foreground">not taken</span>
                    )}
                    <span className="block text-xs text-muted-foreground">
                      term {formatRate(c.term_rate)}
                    </span>
                  </span>
                  <ChevronRight
                    className="h-4 w-4 shrink-0 text-muted-foreground"
                    aria-hidden="true"
                  />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Today's absent students with their class and a parent's phone to call. */
export function AbsentTodayCard() {
  const absent = useAbsentToday();
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-3 pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <UserX className="h-5 w-5 text-primary" aria-hidden="true" />
          Absent today
        </CardTitle>
        {absent.data && absent.data.students.length > 0 ? (
          <span className="text-sm text-muted-foreground">{absent.data.students.length}</span>
        ) : null}
      </CardHeader>
      <CardContent>
        {absent.isPending ? (
          <SkeletonRows rows={3} />
        ) : absent.isError ? (
          <LoadError what="the absent students" error={absent.error} onRetry={absent.refetch} />
        ) : absent.data.students.length === 0 ? (
          <p className="text-sm text-muted-foreground">{NO_ABSENT_TEXT}</p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Absent today">
            {absent.data.students.map((s) => (
              <li key={s.id} className="flex items-start gap-3 px-3 py-2.5 text-sm">
                <div className="min-w-0 flex-1">
                  <Link
                    to={`/students/${s.id}`}
                    className="font-medium hover:underline underline-offset-2"
                  >
                    {s.first_name} {s.last_name}
                  </Link>
                  <p className="text-xs text-muted-foreground">
                    {s.class.name}
                    {s.note ? ` · ${s.note}` : ''}
                  </p>
                  {s.absence_sms_sent ? (
                    <Badge tone="blue" className="mt-1">
                      Parent texted
                    </Badge>
                  ) : null}
                </div>
                {s.parent ? (
                  <a
                    href={`tel:${s.parent.phone_number}`}
                    className="flex min-h-10 shrink-0 items-center gap-1.5 text-primary tabular-nums hover:underline"
                    aria-label={`Call ${s.parent.first_name} ${s.parent.last_name}, ${s.parent.phone_number}`}
                  >
                    <Phone className="h-4 w-4" aria-hidden="true" />
                    {s.parent.phone_number}
                  </a>
                ) : (
                  <span className="shrink-0 text-xs text-muted-foreground">No parent</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** A teacher's class: take today's register, or how it went. */
export function MyRegisterCard({ myClass }: { myClass: { id: number; name: string } }) {
  const summary = useAttendanceSummary();
  const row = summary.data?.by_class.find((c) => c.class.id === myClass.id);
  return (
    <Link
      to={registerPath(myClass.id)}
      className="group flex items-center gap-3 rounded-lg border bg-background p-4 shadow-sm transition-shadow hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <CalendarCheck className="h-6 w-6 shrink-0 text-primary" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="text-sm text-muted-foreground">Register · {myClass.name}</p>
        {summary.isPending ? (
          <Skeleton className="mt-1 h-6 w-40" />
        ) : (
          <p className="font-semibold" data-testid="my-register">
            {row?.taken ? `Register taken: ${formatRate(row.rate)}` : "Take today's register"}
          </p>
        )}
      </div>
      <ChevronRight
        className="h-5 w-5 shrink-0 text-muted-foreground group-hover:text-foreground"
        aria-hidden="true"
      />
    </Link>
  );
}
