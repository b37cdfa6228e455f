import { CheckCircle2, Coins, GraduationCap, LayoutDashboard } from 'lucide-react';
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

/** After Finish Setup (spec §2): links to /students, /dashboard, /fees and Go to Dashboard. */
export function SetupComplete({ onChange }: { onChange(): void }) {
  const navigate = useNavigate();
  return (
    <div className="space-y-6 text-center">
      <CheckCircle2 className="mx-auto h-14 w-14 text-green-600" aria-hidden="true" />
      <div className="space-y-2">
        <h2 className="text-2xl font-semibold">Setup complete</h2>
        <p className="text-sm text-muted-foreground">
          Your academic year, terms, classes and fees are saved. Here is where to go next.
        </p>
      </div>
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
