import { MESSAGE_MESSAGES, type ResultsSmsPreview } from '@shule/shared/messages';
import { MessageSquareText } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { SmsGatewayNotices } from '../../components/sms-gateway-notices';
import { SmsSample } from '../../components/sms-sample';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClass } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-client';
import { useIdempotencyKey } from '../../lib/idempotency';
import { formatKes } from '../../lib/kes';
import { useResultsSmsPreview, useSendResultsSms } from './results-sms';

const students = (n: number) => (n === 1 ? '1 student' : `${n} students`);

/** Counted per student: a parent of two children gets two texts, or is left out twice. */
function skippedText(p: Pick<ResultsSmsPreview, 'skipped_no_consent' | 'skipped_opted_out'>) {
  const left = [
    p.skipped_no_consent > 0
      ? `${students(p.skipped_no_consent)} whose parent has not consented to SMS`
      : null,
    p.skipped_opted_out > 0
      ? `${students(p.skipped_opted_out)} whose parent opted out of SMS`
      : null,
  ].filter(Boolean);
  return left.length > 0 ? `Left out: ${left.join(' and ')}.` : null;
}

/**
 * "SMS results to parents" on an exam's results (admins): each parent of the chosen classes gets
 * one SMS of their own child's results. The dialog shows one student's text, whom it reaches and
 * what it costs before anything is sent.
 */
export function ResultsSmsButton({
  examId,
  examName,
  scopeName,
  classIds,
}: {
  examId: number;
  examName: string;
  /** The level or stream shown: "Form 4" or "4 East". */
  scopeName: string;
  classIds: readonly number[];
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} disabled={classIds.length === 0}>
        <MessageSquareText className="h-4 w-4" aria-hidden="true" />
        SMS results to parents
      </Button>
      {open ? (
        <ResultsSmsDialog
          examId={examId}
          examName={examName}
          scopeName={scopeName}
          classIds={classIds}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

function ResultsSmsDialog({
  examId,
  examName,
  scopeName,
  classIds,
  onClose,
}: {
  examId: number;
  examName: string;
  scopeName: string;
  classIds: readonly number[];
  onClose(): void;
}) {
  const preview = useResultsSmsPreview(examId, classIds, { enabled: true });
  const send = useSendResultsSms(examId);
  const submission = useIdempotencyKey();
  const [sent, setSent] = useState<{ id: number; detail: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const start = () => {
    setFailure(null);
    send.mutate(
      { classIds: [...classIds], idempotencyKey: submission.current() },
      {
        onSuccess: (res) => {
          submission.renew();
          setSent({ id: res.message.id, detail: res.detail });
        },
        onError: (err) => setFailure(errorMessage(err)),
      },
    );
  };

  let body: ReactNode;
  if (sent) {
    body = (
      <div className="space-y-4">
        <Alert tone="success">{sent.detail}</Alert>
        <p className="text-sm text-muted-foreground">
          Messaging lists it with each parent&apos;s delivery as the SMS go out.
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Link to={`/messages/${sent.id}`} className={buttonClass('primary')}>
            See its delivery
          </Link>
        </div>
      </div>
    );
  } else if (preview.isPending) {
    body = (
      <div className="space-y-3" role="status" aria-label="Loading">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-5 w-2/3" />
      </div>
    );
  } else if (preview.isError) {
    body = <LoadError what="the preview" error={preview.error} onRetry={preview.refetch} />;
  } else {
    const p = preview.data;
    const skipped = skippedText(p);
    body = (
      <div className="space-y-4">
        <SmsGatewayNotices state={p} />
        {p.sample ? (
          <SmsSample
            sample={p.sample}
            testId="results-sms-sample"
            note={
              p.sample.parts > 1
                ? ': more than one SMS part costs more; most results fit in one.'
                : ''
            }
          />
        ) : null}
        <div
          data-testid="results-sms-audience"
          className="space-y-0.5 rounded-md bg-muted/60 px-3 py-2 text-sm"
        >
          <p className="font-medium">
            Reaches the parents of {students(p.recipients)}
            {p.recipients > 0 ? ` · estimated cost ${formatKes(p.estimated_cost)}` : ''}
          </p>
          {skipped ? <p className="text-muted-foreground">{skipped}</p> : null}
          {p.recipients === 0 ? (
            <p className="text-yellow-800">{MESSAGE_MESSAGES.noReachableParent}.</p>
          ) : null}
        </div>
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={send.isPending}>
            Cancel
          </Button>
          <Button onClick={start} disabled={send.isPending || p.recipients === 0}>
            {send.isPending ? 'Sending...' : `Send to the parents of ${students(p.recipients)}`}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(next) => {
        if (!next && !send.isPending) onClose();
      }}
      title="SMS results to parents"
      description={`${examName} · ${scopeName}: each student's parent gets one SMS of that child's results.`}
    >
      {body}
    </Dialog>
  );
}
