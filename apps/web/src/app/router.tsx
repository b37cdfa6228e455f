import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotFoundPage } from './not-found-page';
import { ProtectedRoute } from './protected-route';
import { RouteErrorPage } from './route-error-page';
import { loadSignedInApp, PUBLIC_SCREENS, type Screen, SIGNED_IN_SCREENS } from './screens';
import { TitledOutlet } from './titled-outlet';

function lazyRoute({ path, load }: Screen): RouteObject {
  return { path, lazy: async () => ({ Component: await load() }) };
}

/** Exported for its test: every path here has a name in page-names.ts. */
export const routes: RouteObject[] = [
  {
    Component: TitledOutlet,
    errorElement: <RouteErrorPage standalone />,
    children: [
      ...PUBLIC_SCREENS.map(lazyRoute),
      {
        element: <ProtectedRoute />,
        children: [
          {
            // The query client and the shell (menus, drawer) load after sign-in, not with the
            // landing page.
            lazy: async () => ({ Component: await loadSignedInApp() }),
            // Inside the shell, so a failing screen keeps the menu around it.
            children: [
              { errorElement: <RouteErrorPage />, children: SIGNED_IN_SCREENS.map(lazyRoute) },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
