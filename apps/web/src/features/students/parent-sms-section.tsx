import type { StudentDetail } from '@shule/shared/students';
import { Badge } from '../../components/ui/badge';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useUpdateParentSms } from './update-parent-sms';

/**
 * Whether the parent wants SMS from the school (the parent's own choice, for all their
 * children), beside the consent recorded for this child. An admin switches it; a teacher reads it.
 */
export function ParentSmsSection({
  student,
  isAdmin,
}: {
  student: StudentDetail;
  isAdmin: boolean;
}) {
  const update = useUpdateParentSms(student.id);
  const parent = student.parent;
  if (!parent) return null;
  const name = `${parent.user.first_name} ${parent.user.last_name}`;
  const wantsSms = !parent.sms_opt_out;
  const consented = student.consents.sms.status === 'granted';

  const toggle = () =>
    update.mutate(
      { parentId: parent.id, optedOut: wantsSms },
      {
        onSuccess: () =>
          toast({
            title: wantsSms ? 'SMS stopped' : 'SMS resumed',
            description: wantsSms
              ? `${name} will get no SMS from the school.`
              : `${name} gets the school's SMS again.`,
            variant: 'success',
          }),
        onError: (err) =>
          toast({
            title: 'SMS preference not changed',
            description: errorMessage(err),
            variant: 'destructive',
          }),
      },
    );

  return (
    <section aria-labelledby="parent-sms" className="rounded-lg border bg-background p-5 shadow-sm">
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <h2 id="parent-sms" className="flex flex-wrap items-center gap-2 text-base font-semibold">
            SMS to {name}
            <Badge tone={wantsSms ? 'green' : 'neutral'}>
              {wantsSms ? 'Wants SMS' : 'Opted out'}
            </Badge>
          </h2>
          <p className="text-xs text-muted-foreground">
            {wantsSms
              ? `Messages and results go to ${parent.user.phone_number}.`
              : 'The parent asked for no SMS: messages and results leave them out.'}{' '}
            It applies to all of the parent&apos;s children.
          </p>
          {wantsSms && !consented ? (
            <p className="text-xs text-yellow-800">
              No SMS goes out about this child until the parent&apos;s consent to SMS is recorded as
              Granted.
            </p>
          ) : null}
        </div>
        {isAdmin ? (
          <button
            type="button"
            role="switch"
            aria-checked={wantsSms}
            aria-label={`Send SMS to ${name}`}
            disabled={update.isPending}
            onClick={toggle}
            className={cn(
              'relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
              'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
              'disabled:opacity-50',
              wantsSms ? 'bg-primary' : 'bg-slate-300',
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                'inline-block h-5 w-5 rounded-full bg-white shadow transition-transform',
                wantsSms ? 'translate-x-5' : 'translate-x-0.5',
              )}
            />
          </button>
        ) : null}
      </div>
    </section>
  );
}
