import { dashboardFor } from '@shule/shared/roles';
import { X } from 'lucide-react';
import { Alert } from '../../components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { useSession } from '../../lib/session';
import { AdminDashboard } from './admin-dashboard';
import { NoSchoolCard } from './no-school-card';
import { TeacherDashboard } from './teacher-dashboard';

/** What the sign-in said once, e.g. that an admin added this account to their school. */
function SignInNotice() {
  const { notice, dismissNotice } = useSession();
  if (!notice) return null;
  return (
    <Alert tone="success" className="mb-5 flex items-start justify-between gap-3">
      <span data-testid="sign-in-notice">{notice}</span>
      <button
        type="button"
        aria-label="Dismiss"
        onClick={dismissNotice}
        className="-m-1 rounded-sm p-1 hover:bg-green-100"
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </Alert>
  );
}

function Placeholder({ title, text }: { title: string; text: string }) {
  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="text-sm text-muted-foreground">{text}</CardContent>
    </Card>
  );
}

export function DashboardPage() {
  const { user, school } = useSession();
  const kind = dashboardFor(user?.roles);
  return (
    <div>
      <h1 className="mb-5 text-2xl font-semibold tracking-tight">
        {user ? `Welcome, ${user.first_name}` : 'Dashboard'}
      </h1>
      <SignInNotice />
      {kind === 'admin' && school ? (
        <AdminDashboard schoolId={school.id} />
      ) : kind === 'teacher' ? (
        <TeacherDashboard />
      ) : kind === 'student' ? (
        <Placeholder
          title="Student dashboard"
          text="Your results and timetable will appear here."
        />
      ) : !school && user ? (
        <NoSchoolCard phone={user.phone_number} />
      ) : (
        <Placeholder
          title="Unauthorized"
          text="Your account has no school role yet. Ask your school's administrator to add you."
        />
      )}
    </div>
  );
}
