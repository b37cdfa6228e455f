import { lazy } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { NotFoundPage } from './not-found-page';
import { ProtectedRoute } from './protected-route';
import { ScreenBoundary } from './screen-boundary';
import { loadSignedInApp, PUBLIC_SCREENS, type Screen, SIGNED_IN_SCREENS } from './screens';
import { TitledOutlet } from './titled-outlet';

function screenRoute({ path, load }: Screen): RouteObject {
  const ScreenComponent = lazy(async () => ({ default: await load() }));
  return { path, element: <ScreenComponent /> };
}

// The query client and the shell (menus, drawer) load after sign-in, not with the landing page.
const SignedInApp = lazy(async () => ({ default: await loadSignedInApp() }));

/** Exported for its test: every path here has a name in page-names.ts. */
export const routes: RouteObject[] = [
  {
    element: <TitledOutlet />,
    children: [
      {
        element: <ScreenBoundary standalone />,
        children: [
          ...PUBLIC_SCREENS.map(screenRoute),
          {
            element: <ProtectedRoute />,
            children: [
              {
                element: <SignedInApp />,
                // Inside the shell, so a failing screen keeps the menu around it.
                children: [
                  { element: <ScreenBoundary />, children: SIGNED_IN_SCREENS.map(screenRoute) },
                ],
              },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/**
 * The screen at the address. The router is React Router's declarative one (no loaders or
 * actions here: screens fetch with TanStack Query), half the code of its data router.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
