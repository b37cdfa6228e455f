import type { FeeRemindersPreview } from '@shule/shared/fee-reminders';
import { centsFromKes, formatKes, MONEY_MESSAGES } from '@shule/shared/fees';
import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { SmsGatewayNotices } from '../../components/sms-gateway-notices';
import { SmsSample } from '../../components/sms-sample';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClass } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { CheckboxList } from '../../components/ui/checkbox-list';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { Skeleton } from '../../components/ui/skeleton';
import { errorMessage } from '../../lib/api-client';
import { useIdempotencyKey } from '../../lib/idempotency';
import { formatKes as formatShillings } from '../../lib/kes';
import { useClasses } from '../../lib/queries/classes';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useFeeRemindersPreview, useSendFeeReminders } from './reminders-preview';

const students = (n: number) => (n === 1 ? '1 student' : `${n} students`);

/** Who is left out, per student (a parent of two owing children is counted twice). */
function skippedText(p: FeeRemindersPreview) {
  const left = [
    p.skipped_no_consent > 0
      ? `${students(p.skipped_no_consent)} whose parent has not consented to SMS`
      : null,
    p.skipped_opted_out > 0
      ? `${students(p.skipped_opted_out)} whose parent opted out of SMS`
      : null,
    p.skipped_no_parent > 0 ? `${students(p.skipped_no_parent)} with no parent's phone` : null,
  ].filter(Boolean);
  return left.length > 0 ? `Left out: ${left.join(', ')}.` : null;
}

/**
 * Fee reminders by SMS (on /fees, admins): the parents of students owing more than an amount
 * each get their own child's balance. The preview (whom it reaches, who is left out, one
 * parent's text, the estimate) comes before Send.
 */
export function FeeRemindersCard() {
  const classes = useClasses();
  const [typed, setTyped] = useState('0');
  const [chosen, setChosen] = useState<number[]>([]);
  const settled = useDebouncedValue(typed);
  const minCents = centsFromKes(settled);
  const preview = useFeeRemindersPreview(minCents, chosen);
  const send = useSendFeeReminders();
  const submission = useIdempotencyKey();
  const [sent, setSent] = useState<{ id: number; detail: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const amountError = centsFromKes(typed) === null ? MONEY_MESSAGES.amount : undefined;

  const start = () => {
    if (minCents === null) return;
    setFailure(null);
    setSent(null);
    send.mutate(
      {
        body: { min_balance_cents: minCents, ...(chosen.length > 0 ? { classes: chosen } : {}) },
        idempotencyKey: submission.current(),
      },
      {
        onSuccess: (res) => {
          submission.renew();
          setSent({ id: res.message.id, detail: res.detail });
        },
        onError: (err) => setFailure(errorMessage(err)),
      },
    );
  };

  const p = preview.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <BellRing className="h-5 w-5 text-primary" aria-hidden="true" />
          Fee reminders by SMS
        </CardTitle>
        <CardDescription>
          Each parent gets their own child&apos;s balance. Nothing is sent until you press Send.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-4 md:grid-cols-2">
          <Field
            label="Balance over (KES)"
            error={amountError}
            hint="0 reminds everyone who owes anything"
          >
            <Input
              inputMode="decimal"
              value={typed}
              onChange={(e) => {
                setTyped(e.target.value);
                setSent(null);
              }}
            />
          </Field>
          <CheckboxList
            legend="Classes"
            options={(classes.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            value={chosen}
            onChange={(next) => {
              setChosen(next);
              setSent(null);
            }}
            hint={chosen.length === 0 ? 'None ticked: every class' : undefined}
          />
        </div>

        {sent ? (
          <Alert tone="success" className="flex flex-wrap items-center justify-between gap-3">
            <span>{sent.detail}</span>
            <Link to={`/messages/${sent.id}`} className={buttonClass('outline', 'sm')}>
              See its delivery
            </Link>
          </Alert>
        ) : null}
        {failure ? <Alert tone="error">{failure}</Alert> : null}

        {minCents === null ? null : preview.isPending ? (
          <div className="space-y-3" role="status" aria-label="Loading">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : preview.isError ? (
          <LoadError what="the preview" error={preview.error} onRetry={preview.refetch} />
        ) : p ? (
          <div className="space-y-3" data-testid="fee-reminders-preview">
            <SmsGatewayNotices state={p} />
            <p className="text-sm">
              {p.students_owing === 0 ? (
                `No student owes more than KES ${formatKes(p.min_balance_cents)}.`
              ) : (
                <>
                  <strong>{students(p.students_owing)}</strong> owe more than KES{' '}
                  {formatKes(p.min_balance_cents)}, KES {formatKes(p.total_balance_cents)} in all.
                  The parents of <strong>{students(p.recipients)}</strong> get an SMS (estimated{' '}
                  {formatShillings(p.estimated_cost)}).
                </>
              )}
            </p>
            {skippedText(p) ? (
              <p className="text-sm text-muted-foreground">{skippedText(p)}</p>
            ) : null}
            {p.sample ? <SmsSample sample={p.sample} testId="fee-reminder-sample" /> : null}
            <div className="flex justify-end">
              <Button onClick={start} disabled={send.isPending || p.recipients === 0}>
                {send.isPending
                  ? '... Loading'
                  : p.recipients === 1
                    ? 'Send 1 reminder'
                    : `Send ${p.recipients} reminders`}
              </Button>
            </div>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
