import type { CurrentUser } from '@shule/shared/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../lib/api-client';
import { keepSessionSetup } from '../lib/queries/setup';
import { useSession } from '../lib/session';
import { AppShell } from './app-shell';

function createQueryClient(user: CurrentUser | null) {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Retrying a refusal (4xx) cannot succeed; a flaky mobile connection can.
        retry: (count, err) =>
          count < 2 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
      },
    },
  });
  // The session's answer says where an admin's setup stands: the dashboard, opened first, shows
  // or leaves out the setup offer without asking GET /setup/ again.
  keepSessionSetup(client, user);
  return client;
}

/**
 * Everything behind sign-in: the query cache and the shell, loaded after sign-in, not with the
 * public pages. The cache lives as long as this stays mounted, so signing out (which leaves for
 * /login) drops it with every answer of the school that was signed in.
 */
export function SignedInApp() {
  const { user } = useSession();
  const [queryClient] = useState(() => createQueryClient(user));
  return (
    <QueryClientProvider client={queryClient}>
      <AppShell />
    </QueryClientProvider>
  );
}
