import type { Session, SessionListResponse } from '@shule/shared/auth';
import { formatSchoolMoment } from '@shule/shared/display-dates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { LoadError } from '../../components/ui/load-error';
import { SkeletonRows } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session';

const sessionsQueryKey = ['auth', 'sessions'] as const;

function useSessions() {
  return useQuery({
    queryKey: sessionsQueryKey,
    queryFn: () => api.get<SessionListResponse>('/users/sessions/').then((r) => r.sessions),
  });
}

function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: Session) => api.post<void>(`/users/sessions/${session.id}/end/`),
    onSuccess: (_, session) => {
      queryClient.setQueryData<Session[]>(sessionsQueryKey, (old) =>
        old?.filter((s) => s.id !== session.id),
      );
      toast({ title: `${session.device} signed out`, variant: 'success' });
    },
    onError: (err) =>
      toast({ title: 'Not signed out', description: errorMessage(err), variant: 'destructive' }),
  });
}

function useEndAllSessions() {
  const { logout } = useSession();
  return useMutation({
    mutationFn: () => api.post<void>('/users/sessions/end_all/'),
    // This device's session ended too: the login screen follows.
    onSuccess: () => logout(),
    onError: (err) =>
      toast({
        title: 'Not signed out everywhere',
        description: errorMessage(err),
        variant: 'destructive',
      }),
  });
}

function SessionRow({
  session,
  ending,
  onEnd,
}: {
  session: Session;
  ending: boolean;
  onEnd(): void;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          {session.device}
          {session.current ? <Badge tone="blue">This device</Badge> : null}
        </p>
        <p className="text-sm text-muted-foreground">
          {session.address ?? 'Address unknown'} · last seen{' '}
          {formatSchoolMoment(session.last_seen_at, { time: true })}
        </p>
      </div>
      {session.current ? null : (
        <Button
          size="sm"
          variant="outline"
          disabled={ending}
          onClick={onEnd}
          aria-label={`Sign out ${session.device}, last seen ${formatSchoolMoment(session.last_seen_at, { time: true })}`}
        >
          {ending ? 'Signing out...' : 'Sign out'}
        </Button>
      )}
    </li>
  );
}

/** My Account's list of where the user is signed in: sign out one device, or all of them. */
export function SessionsCard() {
  const sessions = useSessions();
  const endSession = useEndSession();
  const endAll = useEndAllSessions();
  const [confirming, setConfirming] = useState(false);

  let body: ReactNode;
  if (sessions.isPending) {
    body = <SkeletonRows rows={2} />;
  } else if (sessions.isError) {
    body = (
      <LoadError what="where you're signed in" error={sessions.error} onRetry={sessions.refetch} />
    );
  } else if (sessions.data.length === 0) {
    body = <p className="text-sm text-muted-foreground">You are not signed in anywhere else.</p>;
  } else {
    body = (
      <ul className="divide-y">
        {sessions.data.map((session) => (
          <SessionRow
            key={session.id}
            session={session}
            ending={endSession.isPending && endSession.variables?.id === session.id}
            onEnd={() => endSession.mutate(session)}
          />
        ))}
      </ul>
    );
  }

  return (
    <Card role="region" aria-labelledby="sessions-card-title">
      <CardHeader>
        <CardTitle id="sessions-card-title">Where you're signed in</CardTitle>
        <CardDescription>
          Sign out a device you no longer use, or that is not yours.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {body}
        {sessions.isSuccess && sessions.data.length > 0 ? (
          <div className="mt-4 border-t pt-4">
            <Button variant="outline" onClick={() => setConfirming(true)}>
              Sign out everywhere
            </Button>
          </div>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Sign out everywhere?"
        description="Every device signed in to your account is signed out, this one too. You will need your password to sign in again."
        confirmLabel="Sign out everywhere"
        busyLabel="Signing out..."
        busy={endAll.isPending}
        onConfirm={() => endAll.mutate()}
      />
    </Card>
  );
}
