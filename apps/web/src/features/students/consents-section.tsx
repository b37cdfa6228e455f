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
  const change = (kind: ConsentKind, status: ConsentStatus) =>
    update.mutate(
      { [kind]: status },
      {
        onSuccess: () =>
          toast({
            title: 'Consent recorded',
            description: `${CONSENT_LABELS[kind]}: ${CONSENT_STATUS_LABELS[status]}.`,
            variant: 'success',
          }),
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
              </div>
              {isAdmin ? (
                <Select
                  id={selectId}
                  className="sm:w-44"
                  value={record.status}
                  disabled={update.isPending}
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
