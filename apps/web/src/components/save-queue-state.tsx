import { AlertTriangle, Check, CloudOff, Loader2 } from 'lucide-react';
import { Badge } from './ui/badge';

const plural = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

/**
 * Where an entry screen's offline queue stands: "All saved", "Saving…", "3 marks waiting for a
 * connection"; with rows refused (a value the server would not take) "1 mark not saved", or
 * that after the others' state. `unit` names what is queued: a mark, a learner.
 */
export function SaveQueueState({
  unit,
  waiting,
  sending,
  connected,
  unsaved,
}: {
  unit: string;
  waiting: number;
  sending: boolean;
  connected: boolean;
  unsaved: number;
}) {
  const notSaved = `${plural(unsaved, unit)} not saved`;
  const [tone, icon, text] =
    waiting > 0 && !connected
      ? ([
          'yellow',
          <CloudOff key="i" className="h-3.5 w-3.5" aria-hidden="true" />,
          `${plural(waiting, unit)} waiting for a connection`,
        ] as const)
      : waiting > 0 || sending
        ? ([
            'blue',
            <Loader2 key="i" className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />,
            'Saving…',
          ] as const)
        : unsaved > 0
          ? ([
              'red',
              <AlertTriangle key="i" className="h-3.5 w-3.5" aria-hidden="true" />,
              notSaved,
            ] as const)
          : ([
              'green',
              <Check key="i" className="h-3.5 w-3.5" aria-hidden="true" />,
              'All saved',
            ] as const);
  return (
    <span role="status" aria-live="polite" data-testid="queue-state">
      <Badge tone={tone} className="gap-1">
        {icon}
        {text}
        {unsaved > 0 && tone !== 'red' ? ` · ${unsaved} not saved` : null}
      </Badge>
    </span>
  );
}

/** Where one row of an entry screen stands, as its own queue tells it. */
export type SaveRowStatus =
  | { kind: 'idle' }
  | { kind: 'invalid'; message: string }
  | { kind: 'waiting' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'error'; message: string };

/** A row's "Saved", "Saving…", "Not saved yet" (or "Waiting for network" when `offline`). */
export function SaveRowState({
  status,
  id,
  offline = false,
}: {
  status: SaveRowStatus;
  id: string;
  offline?: boolean;
}) {
  switch (status.kind) {
    case 'idle':
      return <span id={id} />;
    case 'waiting':
      return (
        <span id={id} className="text-amber-700">
          {offline ? 'Waiting for network' : 'Not saved yet'}
        </span>
      );
    case 'saving':
      return (
        <span id={id} className="text-blue-700">
          Saving…
        </span>
      );
    case 'saved':
      return (
        <span id={id} className="text-green-700">
          Saved
        </span>
      );
    case 'invalid':
    case 'error':
      return (
        <span id={id} className="font-medium text-red-700">
          Not saved: {status.message}
        </span>
      );
  }
}
