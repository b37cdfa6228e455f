import { todayIn } from '@shule/shared/school-time';
import { CalendarCheck, Users } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { Input, Select } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { PageHeader } from '../../components/ui/page-header';
import { SkeletonRows } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api-client';
import { useClasses } from '../../lib/queries/classes';
import { useTeacherDashboard } from '../../lib/queries/teacher-dashboard';
import { useIsAdmin } from '../../lib/roles';
import { useRegister } from './register';
import { RegisterSheet } from './register-sheet';

export const NOT_CLASS_TEACHER_TEXT =
  'You are not the class teacher of any class, so you cannot take a register. You can still look at the registers of the classes.';

const breadcrumb = [{ label: 'Dashboard', to: '/dashboard' }, { label: 'Attendance' }];

/**
 * The daily register (/attendance?class=&date=): a class's students with one tap each for
 * present, absent, late or excused, saved in one request. An admin picks any class; a teacher
 * starts on the class they lead and may look at the others.
 */
export function RegisterPage() {
  const isAdmin = useIsAdmin();
  return isAdmin ? <AdminRegister /> : <TeacherRegister />;
}

function AdminRegister() {
  const [params] = useSearchParams();
  return <RegisterScreen ledClass={null} classId={Number(params.get('class')) || 0} />;
}

function TeacherRegister() {
  const [params] = useSearchParams();
  const mine = useTeacherDashboard();
  if (mine.isError) {
    return (
      <div>
        <PageHeader title="Attendance" breadcrumb={breadcrumb} />
        <LoadError what="your classes" error={mine.error} onRetry={mine.refetch} />
      </div>
    );
  }
  if (mine.isPending) {
    return (
      <div>
        <PageHeader title="Attendance" breadcrumb={breadcrumb} />
        <SkeletonRows rows={6} />
      </div>
    );
  }
  const led = mine.data.my_class
    ? { id: mine.data.my_class.id, name: mine.data.my_class.name }
    : null;
  return (
    <RegisterScreen
      ledClass={led}
      notLeading={led === null}
      classId={Number(params.get('class')) || led?.id || 0}
    />
  );
}

function RegisterScreen({
  ledClass,
  notLeading = false,
  classId,
}: {
  ledClass: { id: number; name: string } | null;
  notLeading?: boolean;
  classId: number;
}) {
  const [params, setParams] = useSearchParams();
  const date = params.get('date');
  const classes = useClasses();
  const register = useRegister(classId, date);
  const term = register.data?.term ?? null;
  const today = todayIn();
  const lastDay = term && term.end_date < today ? term.end_date : today;

  const pick = (next: { class?: number; date?: string | null }) => {
    const cls = next.class ?? classId;
    const day = next.date === undefined ? date : next.date;
    setParams({ ...(cls ? { class: String(cls) } : {}), ...(day ? { date: day } : {}) });
  };

  const others = (classes.data ?? []).filter((c) => c.id !== ledClass?.id);

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Attendance" breadcrumb={breadcrumb} />
      {notLeading ? (
        <Alert className="mb-4" tone="info">
          {NOT_CLASS_TEACHER_TEXT}
        </Alert>
      ) : null}
      {classes.isError ? (
        <LoadError what="the classes" error={classes.error} onRetry={classes.refetch} />
      ) : null}
      <div className="mb-4 grid gap-3 sm:grid-cols-2">
        <Field label="Class">
          <Select
            value={classId || ''}
            disabled={classes.isPending && !ledClass}
            onChange={(e) => pick({ class: Number(e.target.value) })}
          >
            {classId ? null : <option value="">Choose a class</option>}
            {ledClass ? (
              <>
                <optgroup label="Your class">
                  <option value={ledClass.id}>{ledClass.name}</option>
                </optgroup>
                {others.length > 0 ? (
                  <optgroup label="Other classes (view only)">
                    {others.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name}
                      </option>
                    ))}
                  </optgroup>
                ) : null}
              </>
            ) : (
              others.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))
            )}
          </Select>
        </Field>
        <Field
          label="Date"
          hint={term ? `School days of ${term.name}, up to today` : 'Today unless you pick a day'}
        >
          <Input
            type="date"
            value={date ?? register.data?.date ?? today}
            min={term?.start_date}
            max={lastDay}
            disabled={!classId}
            onChange={(e) => pick({ date: e.target.value || null })}
          />
        </Field>
      </div>
      {classId ? (
        <RegisterBody classId={classId} date={date} register={register} />
      ) : (
        <EmptyState
          icon={<CalendarCheck className="h-10 w-10" aria-hidden="true" />}
          title={classes.data?.length === 0 ? 'No classes yet' : 'Pick a class'}
          hint={
            classes.data?.length === 0
              ? 'Registers are taken by class: the administrator sets up the classes first.'
              : 'Choose a class above to take or look at its register.'
          }
        />
      )}
    </div>
  );
}

function RegisterBody({
  classId,
  date,
  register,
}: {
  classId: number;
  date: string | null;
  register: ReturnType<typeof useRegister>;
}) {
  if (register.isPending) return <SkeletonRows rows={8} />;
  if (register.isError) {
    const err = register.error;
    if (err instanceof ApiError && err.status === 404) {
      return <EmptyState title="This class does not exist in your school" />;
    }
    if (err instanceof ApiError && err.status === 400) {
      return <Alert tone="error">{err.message}</Alert>;
    }
    return <LoadError what="the register" error={err} onRetry={register.refetch} />;
  }
  const data = register.data;
  if (data.students.length === 0) {
    return (
      <EmptyState
        icon={<Users className="h-10 w-10" aria-hidden="true" />}
        title={`No students in ${data.class.name}`}
        hint="The register lists the class's active students. Once students are admitted to the class, their register can be taken."
      />
    );
  }
  return (
    <RegisterSheet
      // Saved marks come back as a new answer: the sheet starts again from them.
      key={`${classId}-${data.date}-${data.taken_at}`}
      classId={classId}
      date={date}
      register={data}
    />
  );
}
