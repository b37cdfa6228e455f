import { useQuery } from '@tanstack/react-query';
import {
  Activity,
  GraduationCap,
  type LucideIcon,
  Megaphone,
  MessageSquare,
  School,
  Users,
} from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { setupProgressQuery } from '../../lib/queries/setup';
import { AbsentTodayCard, AttendanceByClassCard, AttendanceRateCard } from './attendance-cards';
import { LatestResultsCard } from './latest-results-card';
import { SetupOfferCard } from './setup-offer-card';
import { useClassCount, useStudentCounts, useTeacherCount } from './use-dashboard-counts';

const ERROR_TEXT = 'An error occurred';

// react-day-picker and its styles weigh more than the rest of the dashboard together: they load
// once the counts are in, so on a slow connection the counts do not wait behind them.
const SchoolCalendar = lazy(async () => ({
  default: (await import('./school-calendar')).SchoolCalendar,
}));

function StatCard({
  title,
  icon: Icon,
  to,
  value,
  loading,
  error,
  hint,
}: {
  title: string;
  icon: LucideIcon;
  to?: string;
  value?: number;
  loading: boolean;
  error: boolean;
  hint: string;
}) {
  const body = (
    <Card className="h-full transition-shadow hover:shadow-md">
      <CardHeader className="flex-row items-center justify-between pb-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
        <Icon className="h-5 w-5 text-primary" aria-hidden="true" />
      </CardHeader>
      <CardContent>
        {loading ? (
          <Skeleton className="h-9 w-16" />
        ) : error ? (
          <p role="alert" className="text-sm text-destructive">
            {ERROR_TEXT}
          </p>
        ) : (
          <p className="text-3xl font-bold" data-testid={`stat-${title}`}>
            {value?.toLocaleString()}
          </p>
        )}
        <p className="mt-1 text-xs text-muted-foreground">{hint}</p>
      </CardContent>
    </Card>
  );
  return to ? (
    <Link
      to={to}
      className="block rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {body}
    </Link>
  ) : (
    body
  );
}

function ComingSoonCard({
  title,
  icon: Icon,
  children,
}: {
  title: string;
  icon: LucideIcon;
  children?: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between pb-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
        <Icon className="h-5 w-5 text-slate-400" aria-hidden="true" />
      </CardHeader>
      <CardContent>
        <Badge tone="neutral">Coming soon</Badge>
        {children}
      </CardContent>
    </Card>
  );
}

function GenderBar({
  label,
  count,
  total,
  colour,
}: {
  label: string;
  count: number;
  total: number;
  colour: string;
}) {
  const percent = total === 0 ? 0 : Math.round((count / total) * 100);
  return (
    <div>
      <div className="mb-1 flex justify-between text-sm">
        <span>{label}</span>
        <span className="font-medium" data-testid={`gender-${label}`}>
          {count} <span className="text-muted-foreground">({percent}%)</span>
        </span>
      </div>
      <div
        className="h-2.5 overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label={`${label} students`}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className={`h-full rounded-full ${colour}`} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

export function AdminDashboard({ schoolId }: { schoolId: number }) {
  const students = useStudentCounts(schoolId);
  const teachers = useTeacherCount(schoolId);
  const classes = useClassCount(schoolId);
  const counts = students.data;
  const countsSettled = !students.isPending && !teachers.isPending && !classes.isPending;
  const calendarPlaceholder = <Skeleton className="h-[304px] w-[280px]" />;
  // The setup offer comes first: until it is known whether it shows, the cards stay hidden (their
  // queries already running), so they never jump down the screen when it arrives.
  const setup = useQuery(setupProgressQuery(schoolId));

  return (
    <>
      {setup.isPending ? (
        <div
          className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4"
          role="status"
          aria-label="Loading"
        >
          {[0, 1, 2, 3].map((card) => (
            <Skeleton key={card} className="h-32 w-full" />
          ))}
        </div>
      ) : null}
      <div className="space-y-6" hidden={setup.isPending}>
        <SetupOfferCard schoolId={schoolId} />
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <StatCard
            title="Total Students"
            icon={GraduationCap}
            to="/students"
            value={counts?.total}
            loading={students.isPending}
            error={students.isError}
            hint="Enrolled in your school"
          />
          <StatCard
            title="Total Teachers"
            icon={Users}
            to="/teachers"
            value={teachers.data?.teacher_count}
            loading={teachers.isPending}
            error={teachers.isError}
            hint="On your staff"
          />
          <StatCard
            title="Total Classes"
            icon={School}
            to="/classes"
            value={classes.data?.count}
            loading={classes.isPending}
            error={classes.isError}
            hint="Set up this year"
          />
          <AttendanceRateCard />
        </div>

        <div className="grid gap-4 lg:grid-cols-2">
          <AttendanceByClassCard />
          <AbsentTodayCard />
        </div>

        <LatestResultsCard schoolId={schoolId} />

        <div className="grid gap-4 lg:grid-cols-3">
          <Card className="lg:col-span-2">
            <CardHeader>
              <CardTitle className="text-base">Gender Distribution</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              {students.isPending ? (
                <>
                  <Skeleton className="h-8 w-full" />
                  <Skeleton className="h-8 w-full" />
                </>
              ) : students.isError || !counts ? (
                <p role="alert" className="text-sm text-destructive">
                  {ERROR_TEXT}
                </p>
              ) : counts.total === 0 ? (
                <p className="text-sm text-muted-foreground">
                  No students yet.{' '}
                  <Link to="/students" className="text-primary underline underline-offset-2">
                    Admit your first student
                  </Link>{' '}
                  to see the distribution.
                </p>
              ) : (
                <>
                  <GenderBar
                    label="Male"
                    count={counts.male_count}
                    total={counts.total}
                    colour="bg-primary"
                  />
                  <GenderBar
                    label="Female"
                    count={counts.female_count}
                    total={counts.total}
                    colour="bg-primary/60"
                  />
                  {counts.other_count > 0 ? (
                    <GenderBar
                      label="Other"
                      count={counts.other_count}
                      total={counts.total}
                      colour="bg-slate-500"
                    />
                  ) : null}
                </>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Calendar</CardTitle>
            </CardHeader>
            <CardContent className="flex justify-center">
              {countsSettled ? (
                <Suspense fallback={calendarPlaceholder}>
                  <SchoolCalendar />
                </Suspense>
              ) : (
                calendarPlaceholder
              )}
            </CardContent>
          </Card>
        </div>

        <div className="grid gap-4 md:grid-cols-3">
          <ComingSoonCard title="Announcements" icon={Megaphone} />
          <ComingSoonCard title="Recent Activities" icon={Activity} />
          <Card>
            <CardHeader className="flex-row items-center justify-between pb-2">
              <CardTitle className="text-sm font-medium text-muted-foreground">Messages</CardTitle>
              <MessageSquare className="h-5 w-5 text-slate-400" aria-hidden="true" />
            </CardHeader>
            <CardContent>
              <p className="text-sm text-muted-foreground">
                SMS to the parents of chosen classes, with each parent&apos;s delivery.{' '}
                <Link to="/messages" className="text-primary underline underline-offset-2">
                  Send a message
                </Link>
              </p>
            </CardContent>
          </Card>
        </div>
      </div>
    </>
  );
}
