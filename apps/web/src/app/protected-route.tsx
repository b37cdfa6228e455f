import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/session';
import { LoadingScreen } from './loading-screen';

const PasswordChangeScreen = lazy(async () => ({
  default: (await import('../features/auth/password-change-screen')).PasswordChangeScreen,
}));

/**
 * Every signed-in route: 'Loading...' while the session is checked, /login without a user, and
 * only the password change while the password is a one-time password.
 */
export function ProtectedRoute() {
  const { loading, user } = useSession();
  const location = useLocation();
  if (loading) return <LoadingScreen />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (user.password_change_required) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <PasswordChangeScreen />
      </Suspense>
    );
  }
  return <Outlet />;
}
