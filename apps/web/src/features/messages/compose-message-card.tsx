import type { ClassRow } from '@shule/shared/classes';
import {
  MAX_SMS_PARTS,
  MESSAGE_MESSAGES,
  type SendMessageBody,
  sendMessageBody,
  smsParts,
} from '@shule/shared/messages';
import { Send } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClass } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Textarea } from '../../components/ui/input';
import { useSaveForm } from '../../components/use-save-form';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useIdempotencyKey } from '../../lib/idempotency';
import { formatKes } from '../../lib/kes';
import { useSession } from '../../lib/session';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { zodResolver } from '../../lib/zod-resolver';
import { estimatedCostKes } from './cost';
import { useMessageAudience } from './get-audience';
import { plural, skippedText } from './message-pieces';
import { useSendMessage } from './send-message';

/** Characters, parts and what a part holds, under the textarea. */
export function partsText(content: string) {
  const p = smsParts(content);
  const left = p.parts * p.perPart - p.units;
  const encoding =
    p.encoding === 'GSM-7'
      ? 'Plain SMS text: 160 characters in one SMS, 153 each once split.'
      : 'An emoji or a character outside plain SMS text (a curly quote) makes parts shorter: 70 characters in one SMS, 67 each once split.';
  return {
    parts: p.parts,
    summary:
      p.parts === 0
        ? `0 characters · 160 fit in one SMS`
        : `${plural([...content].length, 'character')} · ${plural(p.parts, 'SMS part')} · ${left} left in this part`,
    encoding: p.parts === 0 ? null : encoding,
  };
}

const composeForm = sendMessageBody.omit({ school: true });
type ComposeForm = Omit<SendMessageBody, 'school'>;
const blank: ComposeForm = { classes: [], content: '' };

/** The Compose Message card, with what the message reaches and costs before it goes. */
export function ComposeMessageCard({ classes }: { classes: readonly ClassRow[] }) {
  const { school } = useSession();
  const send = useSendMessage();
  const submission = useIdempotencyKey();
  const form = useForm({ resolver: zodResolver(composeForm), defaultValues: blank });
  const { errors, isSubmitting } = form.formState;
  const chosen = form.watch('classes') as number[];
  const content = form.watch('content');
  const [sent, setSent] = useState<string | null>(null);
  const { submit, failure } = useSaveForm({
    form,
    create: ({ classes: ids, content: message }) =>
      send.mutateAsync({
        body: { school: school?.id ?? 0, classes: ids, content: message },
        idempotencyKey: submission.current(),
      }),
    onSaved: (res) => {
      submission.renew();
      // After a message is sent, the selection and the text are cleared.
      form.reset(blank);
      setSent(res.detail);
    },
  });
  const settledClasses = useDebouncedValue(chosen, 300);
  const audience = useMessageAudience(settledClasses);
  const ids = useId();

  // The server trims what it sends: count what the parent will get.
  const text = content.trim();
  const parts = partsText(text);
  const tooLong = parts.parts > MAX_SMS_PARTS;
  const canSend = text !== '' && chosen.length > 0 && !isSubmitting && !tooLong && !!school;

  if (classes.length === 0) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Compose Message</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          <Alert>No classes yet: a message goes to the parents of chosen classes.</Alert>
          <Link to="/classes" className={buttonClass('primary')}>
            Create Class
          </Link>
        </CardContent>
      </Card>
    );
  }

  const contentHintId = `${ids}-content-hint`;
  const contentErrorId = `${ids}-content-error`;
  const contentError =
    errors.content?.message ?? (tooLong ? MESSAGE_MESSAGES.contentTooLong : undefined);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Compose Message</CardTitle>
        <CardDescription>An SMS to the parents of the classes you choose.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={(event) => {
            setSent(null);
            return submit(event);
          }}
          noValidate
          className="space-y-4"
        >
          <ClassChoice
            classes={classes}
            value={chosen}
            onChange={(next) => {
              form.setValue('classes', next);
              form.clearErrors('classes');
            }}
            error={errors.classes?.message}
          />
          <div className="space-y-1.5">
            <label htmlFor={`${ids}-content`} className="block text-sm font-medium">
              Message
            </label>
            <Textarea
              id={`${ids}-content`}
              rows={5}
              placeholder="Type your message here..."
              {...form.register('content', { onChange: () => form.clearErrors('content') })}
              aria-invalid={contentError ? true : undefined}
              aria-describedby={cn(contentHintId, contentError && contentErrorId)}
            />
            {contentError ? (
              <p id={contentErrorId} role="alert" className="text-sm text-destructive">
                {contentError}
              </p>
            ) : null}
            <div id={contentHintId} className="space-y-0.5 text-xs text-muted-foreground">
              <p data-testid="sms-parts" className="tabular-nums">
                {parts.summary}
              </p>
              {parts.encoding ? <p>{parts.encoding}</p> : null}
              {parts.parts > 1 && !tooLong ? (
                <p className="font-medium text-yellow-800">
                  More than one SMS part costs more: each parent is charged for {parts.parts} SMS.
                </p>
              ) : null}
            </div>
          </div>
          <AudienceSummary
            chosen={chosen.length}
            audience={audience}
            settled={settledClasses === chosen}
            parts={parts.parts}
          />
          {sent ? <Alert tone="success">{sent}</Alert> : null}
          {failure ? <Alert tone="error">{failure}</Alert> : null}
          <Button type="submit" disabled={!canSend} className="w-full sm:w-auto">
            <Send className="h-4 w-4" aria-hidden="true" />
            {isSubmitting ? 'Sending...' : 'Send Message'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** An 'All' selector and one checkbox per class, '{class name} parents'. */
function ClassChoice({
  classes,
  value,
  onChange,
  error,
}: {
  classes: readonly ClassRow[];
  value: readonly number[];
  onChange(next: number[]): void;
  error?: string;
}) {
  const chosen = new Set(value);
  const all = classes.length > 0 && classes.every((c) => chosen.has(c.id));
  const some = !all && classes.some((c) => chosen.has(c.id));
  const allRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (allRef.current) allRef.current.indeterminate = some;
  }, [some]);
  const row = 'flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-muted/50';
  return (
    <fieldset className="min-w-0 space-y-1.5">
      <legend className="mb-1.5 text-sm font-medium">Recipients</legend>
      <div className="rounded-md border">
        <label className={cn(row, 'border-b font-medium')}>
          <input
            ref={allRef}
            type="checkbox"
            className="h-4 w-4 accent-primary"
            checked={all}
            onChange={() => onChange(all ? [] : classes.map((c) => c.id))}
          />
          All
        </label>
        <ul className="max-h-56 divide-y overflow-y-auto">
          {classes.map((c) => (
            <li key={c.id}>
              <label className={row}>
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-primary"
                  checked={chosen.has(c.id)}
                  onChange={() =>
                    onChange(
                      chosen.has(c.id) ? value.filter((id) => id !== c.id) : [...value, c.id],
                    )
                  }
                />
                <span className="min-w-0 flex-1 break-words">{c.name} parents</span>
                <span className="text-xs text-muted-foreground">
                  {plural(c.totalStudents, 'student')}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Whom the chosen classes reach, who is left out, and what it costs, as the server counts. */
function AudienceSummary({
  chosen,
  audience,
  settled,
  parts,
}: {
  chosen: number;
  audience: ReturnType<typeof useMessageAudience>;
  /** False while the choice is still changing (the count asked for is not yet this one's). */
  settled: boolean;
  parts: number;
}) {
  let body: ReactNode;
  if (chosen === 0) {
    body = <p className="text-muted-foreground">Choose the classes whose parents get it.</p>;
  } else if (audience.isError) {
    body = (
      <p className="text-destructive">
        Could not count the parents. {errorMessage(audience.error)}
      </p>
    );
  } else if (!audience.data) {
    body = <p className="text-muted-foreground">Counting parents…</p>;
  } else {
    const a = audience.data;
    const skipped = skippedText(a);
    const cost = estimatedCostKes(a.recipients, Math.max(parts, 1), a.price_per_part);
    body = (
      <>
        <p className={cn('font-medium', !settled && 'opacity-60')}>
          Reaches {plural(a.recipients, 'parent')}
          {cost !== null && a.recipients > 0
            ? parts > 0
              ? ` · estimated cost ${formatKes(cost)}`
              : ` · ${formatKes(a.price_per_part)} per parent for each SMS part`
            : ''}
        </p>
        {skipped ? (
          <p className="text-muted-foreground">
            {skipped}.{' '}
            {a.skipped_no_consent > 0 ? (
              <Link
                to="/students/consents"
                className="text-primary underline-offset-2 hover:underline"
              >
                Record their consents
              </Link>
            ) : null}
          </p>
        ) : null}
        {a.recipients === 0 ? (
          <p className="text-yellow-800">{MESSAGE_MESSAGES.noReachableParent}.</p>
        ) : null}
      </>
    );
  }
  return (
    <div
      aria-live="polite"
      data-testid="message-audience"
      className="space-y-0.5 rounded-md bg-muted/60 px-3 py-2 text-sm"
    >
      {body}
    </div>
  );
}
