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
