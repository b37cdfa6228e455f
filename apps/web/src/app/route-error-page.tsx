import { RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../components/ui/button';
import { EmptyState } from '../components/ui/empty-state';

// A browser still holding an older build asks for screens that a new release has replaced.
const isStaleBuild = (error: unknown) =>
  error instanceof TypeError &&
  /dynamically imported module|module script|Importing a module/i.test(error.message);

/**
 * What a screen shows instead of crashing (screen-boundary.tsx): a plain sentence and a way
 * forward. `standalone` when it stands for the whole app (outside the shell and its main
 * landmark).
 */
export function RouteErrorPage({
  error,
  standalone = false,
}: {
  error: unknown;
  standalone?: boolean;
}) {
  const stale = isStaleBuild(error);
  const Box = standalone ? 'main' : 'div';
  return (
    <Box className="mx-auto max-w-xl p-4 pt-10">
      <EmptyState
        titleAs="h1"
        icon={<RefreshCw className="h-10 w-10" />}
        title={stale ? 'Shule has been updated' : 'Something went wrong on this page'}
        hint={
          stale
            ? 'Reload to get the latest version. Nothing you saved is lost.'
            : 'Reload the page to try again. If it keeps happening, tell your school administrator.'
        }
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <Button onClick={() => window.location.reload()}>Reload</Button>
            <Link to="/dashboard" className={buttonClass('outline')}>
              Go to dashboard
            </Link>
          </div>
        }
      />
    </Box>
  );
}
