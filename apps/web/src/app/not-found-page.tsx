import { Link } from 'react-router';
import { buttonClass } from '../components/ui/button';
import { useSession } from '../lib/session';
import { tokenStorage } from '../lib/storage';

export function NotFoundPage() {
  const { user, loading } = useSession();
  // While the stored token is being checked, it is the best guess of who is here.
  const signedIn = user !== null || (loading && tokenStorage.getAccess() !== null);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-5xl font-bold text-primary">404</p>
      <h1 className="text-xl font-semibold">Page not found</h1>
      <p className="text-muted-foreground">The page you are looking for does not exist.</p>
      <Link to={signedIn ? '/dashboard' : '/'} className={buttonClass()}>
        {signedIn ? 'Go to the dashboard' : 'Go home'}
      </Link>
    </main>
  );
}
