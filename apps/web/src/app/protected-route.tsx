import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../lib/session';

/** Every signed-in route: 'Loading...' while the session is checked, /login without a user. */
export function ProtectedRoute() {
  const { loading, user } = useSession();
  const location = useLocation();
  if (loading) {
    return (
      <div
        role="status"
        className="flex min-h-dvh items-center justify-center text-muted-foreground"
      >
        Loading...
      </div>
    );
  }
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
