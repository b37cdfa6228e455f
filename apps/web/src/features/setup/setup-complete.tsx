import { type SetupState, suggestedScales } from '@shule/shared/setup';
import {
  BookOpen,
  CheckCircle2,
  Circle,
  ClipboardList,
  Coins,
  GraduationCap,
  LayoutDashboard,
  Users,
} from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';

const NEXT = [
  {
    to: '/students',
    label: 'Admit students',
    hint: 'Add your students and their parents',
    icon: GraduationCap,
  },
  { to: '/fees', label: 'Fees', hint: 'Bill the term and take payments', icon: Coins },
  { to: '/dashboard', label: 'Dashboard', hint: 'Your school at a glance', icon: LayoutDashboard },
];

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The grading scale the school's classes call for, said as the Grades page offers it. */
function scaleHint(classes: SetupState['classes']) {
  const { kcse, cbc } = suggestedScales(classes);
  if (kcse && cbc) return 'The KCSE scale for Form classes, a CBC scale for Grade classes';
  if (cbc) return 'A CBC scale for your Grade classes';
  return 'The KCSE 12-point scale for your Form classes';
}

/**
 * What the wizard does not set, each with what is done so far (GET /setup/'s `after`): the
 * grading scale, the subjects and the teachers, each linking to its page.
 */
function stillToSet(state: SetupState) {
  const { grades, subjects, teachers } = state.after;
  return [
    {
      to: '/grades',
      label: 'Grading',
      done: grades > 0,
      hint: grades > 0 ? `${plural(grades, 'grade')} set` : scaleHint(state.classes),
      icon: ClipboardList,
    },
    {
      to: '/subjects',
      label: 'Subjects',
      done: subjects > 0,
      hint: subjects > 0 ? `${plural(subjects, 'subject')}` : 'Add the subjects each class takes',
      icon: BookOpen,
    },
    {
      to: '/teachers',
      label: 'Teachers',
      done: teachers > 0,
      hint:
        teachers > 0
          ? `${plural(teachers, 'teacher')}`
          : 'Add your teachers: they sign in with their phone',
      icon: Users,
    },
  ];
}

/**
 * After Finish Setup: what is still to set (grading, subjects, teachers, with their
 * progress), links to /students, /dashboard, /fees and Go to Dashboard.
 */
export function SetupComplete({ state, onChange }: { state: SetupState; onChange(): void }) {
  const navigate = useNavigate();
  const toSet = stillToSet(state);
  return (
    <div className="space-y-6 text-center">
      <CheckCircle2 className="mx-auto h-14 w-14 text-green-600" aria-hidden="true" />
      <div className="space-y-2">
        <h2 className="text-2xl font-semibold">Setup complete</h2>
        <p className="text-sm text-muted-foreground">
          Your academic year, terms, classes and fees are saved. Set the grading, subjects and
          teachers next; then admit students.
        </p>
      </div>
      <ul aria-label="Still to set" className="grid gap-3 text-left sm:grid-cols-3">
        {toSet.map(({ to, label, hint, done, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-full items-start gap-3 rounded-md border p-4 transition-shadow hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <Icon className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
              <span className="min-w-0 flex-1">
                <span className="block font-medium">{label}</span>
                <span className="block text-sm text-muted-foreground">{hint}</span>
              </span>
              {done ? (
                <CheckCircle2 className="h-5 w-5 shrink-0 text-green-600" aria-label="Done" />
              ) : (
                <Circle className="h-5 w-5 shrink-0 text-slate-300" aria-label="Not yet" />
              )}
            </Link>
          </li>
        ))}
      </ul>
      <ul aria-label="Where to go next" className="grid gap-3 text-left sm:grid-cols-3">
        {NEXT.map(({ to, label, hint, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-full items-start gap-3 rounded-md border p-4 transition-shadow hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <Icon className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
              <span>
                <span className="block font-medium">{label}</span>
                <span className="block text-sm text-muted-foreground">{hint}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="flex flex-col-reverse items-center justify-center gap-2 sm:flex-row">
        <Button variant="ghost" onClick={onChange}>
          Change setup
        </Button>
        <Button onClick={() => navigate('/dashboard')}>Go to Dashboard</Button>
      </div>
    </div>
  );
}
