import type { DateStatus } from '@shule/shared/date-status';
import { Badge } from './ui/badge';

const tone = { Upcoming: 'blue', Ongoing: 'green', Completed: 'neutral' } as const;

/** The derived status of an academic year, term or exam. */
export function DateStatusBadge({ status }: { status: DateStatus }) {
  return <Badge tone={tone[status]}>{status}</Badge>;
}
