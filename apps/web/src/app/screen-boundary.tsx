import { Component, type ReactNode, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingScreen } from './loading-screen';
import { RouteErrorPage } from './route-error-page';

interface ErrorBoundaryProps {
  pathname: string;
  standalone: boolean;
  children: ReactNode;
}

class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean; error: unknown }> {
  override state = { failed: false, error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps) {
    // Another address is another screen, with its own chance.
    if (this.state.failed && previous.pathname !== this.props.pathname) {
      this.setState({ failed: false, error: undefined });
    }
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <RouteErrorPage error={this.state.error} standalone={this.props.standalone} />;
  }
}

/**
 * The screens below it: 'Loading...' while the first one's code arrives (moving on keeps the
 * screen shown until the next one's code is in), RouteErrorPage when one fails to render or to
 * load. `standalone` for the whole app, outside the shell.
 */
export function ScreenBoundary({ standalone = false }: { standalone?: boolean }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary pathname={pathname} standalone={standalone}>
      <Suspense fallback={<LoadingScreen inShell={!standalone} />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}
