import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/session';

const PasswordChangeScreen = lazy(async () => ({
  default: (await import('../features/auth/password-change-screen')).PasswordChangeScreen,
}));

function Checking() {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center text-muted-foreground">
      Loading...
    </div>
  );
}

/**
 * Every signed-in route: 'Loading...' while the session is checked, /login without a user, and
 * only the password change while the password is a one-time password.
 */
export function ProtectedRoute() {
  const { loading, user } = useSession();
  const location = useLocation();
  if (loading) return <Checking />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (user.password_change_required) {
    return (
      <Suspense fallback={<Checking />}>
        <PasswordChangeScreen />
      </Suspense>
    );
  }
  return <Outlet />;
}
