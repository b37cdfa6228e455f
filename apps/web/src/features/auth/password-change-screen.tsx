import { useNavigate } from 'react-router';
import { toast } from '../../components/ui/toast';
import { useSession } from '../../lib/session';
import { AuthLayout } from './auth-layout';
import { ChangePasswordForm } from './change-password-form';

/**
 * All a person signed in with a one-time password sees (app/protected-route.tsx): until they
 * choose their own password the API refuses everything else. Then on to the dashboard.
 */
export function PasswordChangeScreen() {
  const session = useSession();
  const navigate = useNavigate();
  return (
    <AuthLayout
      title="Choose your own password"
      description={`Welcome${session.user ? `, ${session.user.first_name}` : ''}. You signed in with a one-time password: replace it with one only you know to continue.`}
    >
      <ChangePasswordForm
        currentLabel="One-time password"
        submitLabel="Save and continue"
        onChanged={async () => {
          await session.reloadUser();
          toast({ title: 'Password changed', description: 'Welcome to Shule', variant: 'success' });
          navigate('/dashboard', { replace: true });
        }}
      />
      <p className="mt-4 text-center text-sm text-muted-foreground">
        Not you?{' '}
        <button
          type="button"
          className="font-medium text-primary underline-offset-4 hover:underline"
          onClick={() => session.logout().then(() => navigate('/login', { replace: true }))}
        >
          Log out
        </button>
      </p>
    </AuthLayout>
  );
}
