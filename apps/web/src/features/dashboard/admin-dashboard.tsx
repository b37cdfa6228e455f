import { useQuery } from '@tanstack/react-query';
import { GraduationCap, type LucideIcon, MessageSquare, School, Users } from 'lucide-react';
import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { setupProgressQuery } from '../../lib/queries/setup';
import { AbsentTodayCard, AttendanceByClassCard, AttendanceRateCard } from './attendance-cards';
import { LatestResultsCard } from './latest-results-card';
import { SetupOfferCard } from './setup-offer-card';
import { useClassCount, useStudentCounts, useTeacherCount } from './use-dashboard-counts';

const ERROR_TEXT = 'An error occurred';

/**
 * 2000 → "2,000", as `toLocaleString()` writes it in English: the first `toLocaleString()` of a
 * page loads the browser's number formatting, tens of milliseconds on a slow phone, on the
 * dashboard that every signed-in person opens first.
 */
const groupThousands = (count: number) => String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

// react-day-picker and its styles weigh more than the rest of the dashboard together: they load
// once the counts are in, so on a slow connection the counts do not wait behind them.
const SchoolCalendar = lazy(async () => ({
  default: (await import('./school-calendar')).SchoolCalendar,
}));

// The latest messages and log entries read shared schemas' modules (with zod): apart, so the
// counts at the top do not wait for them.
const AnnouncementsCard = lazy(async () => ({
  default: (await import('./recent-cards')).AnnouncementsCard,
}));
const RecentActivitiesCard = lazy(async () => ({
  default: (await import('./recent-cards')).RecentActivitiesCard,
}));

/** A count card, reading the count from its own query (an answer redraws this card alone). */
function StatCard<Data>({
  title,
  icon: Icon,
  to,
  query,
  count,
  hint,
}: {
  title: string;
  icon: LucideIcon;
  to?: string;
  query: { data?: Data; isPending: boolean; isError: boolean };
  count: (data: Data) => number;
  hint: string;
}) {
  const body = (
    <Card className="h-full transition-shadow hover:shadow-md">
      <CardHeader className="flex-row items-center justify-between pb-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
        <Icon className="h-5 w-5 text-primary" aria-hidden="true" />
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Skeleton className="h-9 w-16" />
        ) : query.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {ERROR_TEXT}
          </p>
        ) : (
          <p className="text-3xl font-bold" data-testid={`stat-${title}`}>
            {query.data === undefined ? null : groupThousands(count(query.data))}
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

function StudentsCard({ schoolId }: { schoolId: number }) {
  return (
    <StatCard
      title="Total Students"
      icon={GraduationCap}
      to="/students"
      query={useStudentCounts(schoolId)}
      count={(d) => d.total}
      hint="Enrolled in your school"
    />
  );
}

function TeachersCard({ schoolId }: { schoolId: number }) {
  return (
    <StatCard
      title="Total Teachers"
      icon={Users}
      to="/teachers"
      query={useTeacherCount(schoolId)}
      count={(d) => d.teacher_count}
      hint="On your staff"
    />
  );
}

function ClassesCard({ schoolId }: { schoolId: number }) {
  return (
    <StatCard
      title="Total Classes"
      icon={School}
      to="/classes"
      query={useClassCount(schoolId)}
      count={(d) => d.count}
      hint="Set up this year"
    />
  );
}

function GenderCard({ schoolId }: { schoolId: number }) {
  const students = useStudentCounts(schoolId);
  const counts = students.data;
  return (
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
  );
}

/** How long after the counts the calendar loads anyway, still off the screen (as the shell's menus). */
const CALENDAR_AFTER_MS = 3000;

/**
 * True once `ref`'s element comes within 200 px of the screen, or `afterMs` after `watch` turns
 * true, whichever comes first (at once without IntersectionObserver).
 */
function useNearScreenOrLater(ref: RefObject<HTMLElement | null>, watch: boolean, afterMs: number) {
  const [ready, setReady] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (ready || !watch || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setReady(true);
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(element);
    const timer = window.setTimeout(() => setReady(true), afterMs);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [ready, watch, ref, afterMs]);
  return ready;
}

function CalendarCard({ schoolId }: { schoolId: number }) {
  const students = useStudentCounts(schoolId);
  const teachers = useTeacherCount(schoolId);
  const classes = useClassCount(schoolId);
  const countsSettled = !students.isPending && !teachers.isPending && !classes.isPending;
  const content = useRef<HTMLDivElement>(null);
  // Below the other cards (below the fold on a phone), it waits off the critical path: it loads
  // when it comes near the screen (watched once the counts are in and the cards above have their
  // height) or 3 s later, whichever comes first.
  const nearScreen = useNearScreenOrLater(content, countsSettled, CALENDAR_AFTER_MS);
  const calendarPlaceholder = <Skeleton className="h-[304px] w-[280px]" />;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Calendar</CardTitle>
      </CardHeader>
      <CardContent className="flex justify-center">
        <div ref={content}>
          {countsSettled && nearScreen ? (
            <Suspense fallback={calendarPlaceholder}>
              <SchoolCalendar />
            </Suspense>
          ) : (
            calendarPlaceholder
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * Each card reads its own query, so an answer coming in redraws its card, not the dashboard.
 */
export function AdminDashboard({ schoolId }: { schoolId: number }) {
  // The setup offer comes first: until it is known whether it shows, the cards stay hidden (their
  // queries already running), so they never jump down the screen when it arrives. The session's
  // answer usually says it already (lib/queries/setup.ts).
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
          <StudentsCard schoolId={schoolId} />
          <TeachersCard schoolId={schoolId} />
          <ClassesCard schoolId={schoolId} />
          <AttendanceRateCard />
        </div>

        <div className="grid gap-4 lg:grid-cols-2">
          <AttendanceByClassCard />
          <AbsentTodayCard />
        </div>

        <LatestResultsCard schoolId={schoolId} />

        <div className="grid gap-4 lg:grid-cols-3">
          <GenderCard schoolId={schoolId} />
          <CalendarCard schoolId={schoolId} />
        </div>

        <div className="grid gap-4 md:grid-cols-3">
          <Suspense fallback={<Skeleton className="h-48 w-full" />}>
            <AnnouncementsCard schoolId={schoolId} />
          </Suspense>
          <Suspense fallback={<Skeleton className="h-48 w-full" />}>
            <RecentActivitiesCard />
          </Suspense>
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
