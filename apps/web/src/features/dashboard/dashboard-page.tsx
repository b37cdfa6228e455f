import { dashboardFor } from '@shule/shared/roles';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { useSession } from '../../lib/session';
import { AdminDashboard } from './admin-dashboard';
import { TeacherDashboard } from './teacher-dashboard';

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
      {kind === 'admin' && school ? (
        <AdminDashboard schoolId={school.id} />
      ) : kind === 'teacher' ? (
        <TeacherDashboard />
      ) : kind === 'student' ? (
        <Placeholder
          title="Student dashboard"
          text="Your results and timetable will appear here."
        />
      ) : (
        <Placeholder
          title="Unauthorized"
          text="Your account has no school role yet. Ask your school's administrator to add you."
        />
      )}
    </div>
  );
}
