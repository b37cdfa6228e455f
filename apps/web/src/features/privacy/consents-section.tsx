import {
  CONSENT_KINDS,
  CONSENT_LABELS,
  CONSENT_STATUS_LABELS,
  CONSENT_STATUSES,
  type ConsentKind,
  type ConsentRecord,
  type ConsentStatus,
} from '@shule/shared/consents';
import { formatSchoolMoment } from '@shule/shared/display-dates';
import type { StudentDetail } from '@shule/shared/students';
import { Badge } from '../../components/ui/badge';
import { Select } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { useUpdateConsents } from './student-rights';
import { useUpdateParentSms } from './update-parent-sms';

const STATUS_TONES = { granted: 'green', refused: 'red', unknown: 'yellow' } as const;

export function ConsentBadge({ status }: { status: ConsentStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{CONSENT_STATUS_LABELS[status]}</Badge>;
}

/** "Recorded 23 Nov 2026 by Jane Wanjiku", or what an unknown answer means. */
export function consentRecordedText(record: ConsentRecord) {
  if (record.status === 'unknown' || !record.recorded_at)
    return 'The parent has not been asked yet';
  const by = record.recorded_by ? ` by ${record.recorded_by.name}` : '';
  return `Recorded ${formatSchoolMoment(record.recorded_at)}${by}`;
}

const WHAT_IT_ALLOWS: Record<ConsentKind, string> = {
  photos: 'Without it no photo of the child can be kept.',
  sms: 'Without it the parent is sent no SMS.',
};

/**
 * Where the school's SMS about the child go, beside the SMS consent: the one SMS control of the
 * page. A parent who asked for no SMS at all (for every child of theirs) is said so; recording
 * the consent as Granted sends them SMS again.
 */
function smsReachText(student: StudentDetail) {
  const parent = student.parent;
  if (!parent) return 'No parent is recorded: no SMS goes out about this child.';
  const name = `${parent.user.first_name} ${parent.user.last_name}`;
  if (parent.sms_opt_out) {
    return `${name} asked for no SMS from the school, for all their children: recording Granted sends them SMS again.`;
  }
  return student.consents.sms.status === 'granted'
    ? `Messages and results go to ${name}, ${parent.user.phone_number}.`
    : `No SMS goes out to ${name} (${parent.user.phone_number}) about this child until this is Granted.`;
}

/**
 * The parent's consents on the profile: each answer, when and by whom it was recorded; an
 * admin changes an answer in place (recorded at once, with an entry in the audit log).
 */
export function ConsentsSection({
  student,
  isAdmin,
}: {
  student: StudentDetail;
  isAdmin: boolean;
}) {
  const update = useUpdateConsents(student.id);
  const resumeSms = useUpdateParentSms(student.id);
  const parent = student.parent;
  const change = (kind: ConsentKind, status: ConsentStatus) =>
    update.mutate(
      { [kind]: status },
      {
        onSuccess: async () => {
          // Granted to SMS is the parent wanting them: a past "no SMS at all" ends with it.
          if (kind === 'sms' && status === 'granted' && parent?.sms_opt_out) {
            try {
              await resumeSms.mutateAsync({ parentId: parent.id, optedOut: false });
            } catch (err) {
              toast({
                title: 'Consent recorded; SMS not resumed',
                description: errorMessage(err),
                variant: 'destructive',
              });
              return;
            }
          }
          toast({
            title: 'Consent recorded',
            description: `${CONSENT_LABELS[kind]}: ${CONSENT_STATUS_LABELS[status]}.`,
            variant: 'success',
          });
        },
        onError: (err) =>
          toast({
            title: 'Consent not changed',
            description: errorMessage(err),
            variant: 'destructive',
          }),
      },
    );

  return (
    <section aria-labelledby="consents" className="rounded-lg border bg-background p-5 shadow-sm">
      <h2 id="consents" className="mb-1 text-base font-semibold">
        Parent&apos;s consent
      </h2>
      <p className="mb-4 text-xs text-muted-foreground">
        Kenya&apos;s Data Protection Act: a child&apos;s data needs a parent&apos;s consent.
      </p>
      <ul className="divide-y">
        {CONSENT_KINDS.map((kind) => {
          const record = student.consents[kind];
          const selectId = `consent-${kind}`;
          return (
            <li
              key={kind}
              className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                  {isAdmin ? (
                    <label htmlFor={selectId}>{CONSENT_LABELS[kind]}</label>
                  ) : (
                    CONSENT_LABELS[kind]
                  )}
                  <ConsentBadge status={record.status} />
                </p>
                <p className="text-xs text-muted-foreground">
                  {consentRecordedText(record)}. {WHAT_IT_ALLOWS[kind]}
                </p>
                {kind === 'sms' ? (
                  <p
                    className={
                      parent?.sms_opt_out || record.status !== 'granted'
                        ? 'text-xs text-yellow-800'
                        : 'text-xs text-muted-foreground'
                    }
                    data-testid="sms-reach"
                  >
                    {smsReachText(student)}
                  </p>
                ) : null}
              </div>
              {isAdmin ? (
                <Select
                  id={selectId}
                  className="sm:w-44"
                  value={record.status}
                  disabled={update.isPending || resumeSms.isPending}
                  onChange={(e) => change(kind, e.target.value as ConsentStatus)}
                >
                  {CONSENT_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {CONSENT_STATUS_LABELS[status]}
                    </option>
                  ))}
                </Select>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
