import {
  type ClassConsents,
  CONSENT_STATUS_LABELS,
  CONSENT_STATUSES,
  type ConsentStatus,
} from '@shule/shared/consents';
import { Loader2, Printer } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AdminOnlyPage } from '../../components/admin-only';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { Select } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { PageHeader } from '../../components/ui/page-header';
import { SkeletonRows } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { useClasses } from '../../lib/queries/classes';
import { downloadConsentForm, useClassConsents, useSaveClassConsents } from './class-consents';

const TITLE = 'SMS consents';
const BREADCRUMB = [{ label: 'Students', to: '/students' }, { label: TITLE }];

const CHOICE_STYLE: Record<ConsentStatus, string> = {
  granted: 'border-green-700 bg-green-700 text-white',
  refused: 'border-red-600 bg-red-600 text-white',
  unknown: 'border-slate-500 bg-slate-500 text-white',
};
/** The short words of the buttons: "Not asked" for "Not asked yet". */
const CHOICE_LABELS: Record<ConsentStatus, string> = {
  granted: CONSENT_STATUS_LABELS.granted,
  refused: CONSENT_STATUS_LABELS.refused,
  unknown: 'Not asked',
};

/**
 * Record the SMS consents of a class (/students/consents?class=): each parent of the class with
 * Granted, Refused or Not asked, as the signed paper forms say, saved in one request; each
 * change recorded as one student's is (with the date, who, and an audit-log entry).
 */
export function ClassConsentsPage() {
  return (
    <AdminOnlyPage
      title={TITLE}
      hint="Ask an administrator of your school to record the parents' consents."
      breadcrumb={BREADCRUMB}
      className="mx-auto max-w-4xl"
    >
      <ClassConsentsScreen />
    </AdminOnlyPage>
  );
}

function ClassConsentsScreen() {
  const [params, setParams] = useSearchParams();
  const classId = Number(params.get('class')) || 0;
  const classes = useClasses();
  const consents = useClassConsents(classId);
  return (
    <div className="space-y-4">
      <PageHeader title={TITLE} breadcrumb={BREADCRUMB} />
      <p className="text-sm text-muted-foreground">
        A parent is sent SMS (messages, results, fee reminders, absences) only once their consent is
        recorded as Granted. Print the class&apos;s paper form for parents to sign, then record each
        answer here.
      </p>
      {classes.isError ? (
        <LoadError what="the classes" error={classes.error} onRetry={classes.refetch} />
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Class">
          <Select
            value={classId || ''}
            disabled={classes.isPending}
            onChange={(e) => setParams({ class: e.target.value })}
          >
            {classId ? null : <option value="">Choose a class</option>}
            {(classes.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {!classId ? (
        <EmptyState title="Choose a class" hint="Its parents and their consents show here." />
      ) : consents.isError ? (
        <LoadError what="the consents" error={consents.error} onRetry={consents.refetch} />
      ) : consents.isPending ? (
        <SkeletonRows rows={6} />
      ) : consents.data.students.length === 0 ? (
        <EmptyState
          title={`${consents.data.class.name} has no students`}
          hint="Admit or import students first."
        />
      ) : (
        <ConsentSheet key={classId} classId={classId} consents={consents.data} />
      )}
    </div>
  );
}

/** The chosen SMS answer of each student on screen, until Save sends the changed ones. */
function ConsentSheet({ classId, consents }: { classId: number; consents: ClassConsents }) {
  const held = (c: ClassConsents) =>
    Object.fromEntries(c.students.map((s) => [s.id, s.sms.status]));
  const [chosen, setChosen] = useState<Record<number, ConsentStatus>>(() => held(consents));
  const save = useSaveClassConsents(classId);
  const changes = consents.students.filter((s) => chosen[s.id] !== s.sms.status);

  useEffect(() => {
    if (changes.length === 0) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [changes.length]);

  const counts = { granted: 0, refused: 0, unknown: 0 };
  for (const s of consents.students) counts[chosen[s.id] ?? s.sms.status] += 1;

  const submit = () =>
    save.mutate(
      { students: changes.map((s) => ({ id: s.id, sms: chosen[s.id]! })) },
      {
        onSuccess: (saved) => {
          setChosen(held(saved));
          toast({
            title: `${saved.changed ?? 0} ${saved.changed === 1 ? 'consent' : 'consents'} recorded`,
            description: `${saved.class.name}: each change is in the audit log.`,
            variant: 'success',
          });
        },
        onError: (err) =>
          toast({
            title: 'No consent was recorded',
            description: errorMessage(err),
            variant: 'destructive',
          }),
      },
    );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">{consents.class.name}</h2>
        <PaperFormButton classId={classId} />
      </div>
      <Card className="p-3">
        <dl className="grid grid-cols-3 gap-1 text-center">
          {CONSENT_STATUSES.map((status) => (
            <div key={status}>
              <dt className="text-xs text-muted-foreground">{CHOICE_LABELS[status]}</dt>
              <dd className="text-xl font-bold tabular-nums" data-testid={`count-${status}`}>
                {counts[status]}
              </dd>
            </div>
          ))}
        </dl>
        {counts.granted < consents.students.length ? (
          <p className="mt-2 text-center text-xs text-muted-foreground">
            No SMS to the parents of {consents.students.length - counts.granted} of{' '}
            {consents.students.length} students until their consent is Granted
          </p>
        ) : null}
      </Card>
      <ul className="divide-y rounded-lg border" aria-label="Parents of the class">
        {consents.students.map((s) => {
          const name = `${s.first_name} ${s.last_name}`;
          const parent = s.parent
            ? `${s.parent.first_name} ${s.parent.last_name} · ${s.parent.phone_number}`
            : 'No parent recorded';
          const status = chosen[s.id] ?? s.sms.status;
          return (
            <li
              key={s.id}
              className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
              data-testid="consent-row"
            >
              <div className="min-w-0">
                <p className="truncate font-medium">{name}</p>
                <p className="truncate text-xs text-muted-foreground">
                  <span className="tabular-nums">{s.admission_number}</span> · {parent}
                </p>
              </div>
              <fieldset className="grid grid-cols-3 gap-1 sm:w-80">
                <legend className="sr-only">SMS consent of the parent of {name}</legend>
                {CONSENT_STATUSES.map((option) => (
                  <button
                    key={option}
                    type="button"
                    aria-pressed={status === option}
                    className={cn(
                      'h-11 rounded-md border text-sm font-medium transition-colors',
                      'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1',
                      status === option
                        ? CHOICE_STYLE[option]
                        : 'border-input bg-background hover:bg-muted',
                    )}
                    onClick={() => setChosen((c) => ({ ...c, [s.id]: option }))}
                  >
                    {CHOICE_LABELS[option]}
                  </button>
                ))}
              </fieldset>
            </li>
          );
        })}
      </ul>
      <div className="sticky bottom-0 -mx-1 flex flex-col gap-2 border-t bg-background/95 px-1 py-3 backdrop-blur sm:flex-row sm:items-center sm:justify-end sm:gap-3">
        <p className="text-center text-xs text-muted-foreground" aria-live="polite">
          {changes.length > 0 && !save.isPending
            ? `${changes.length} ${changes.length === 1 ? 'change' : 'changes'} not saved yet`
            : ''}
        </p>
        <Button
          size="lg"
          className="w-full sm:w-auto"
          disabled={changes.length === 0 || save.isPending}
          onClick={submit}
        >
          {save.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
          {save.isPending ? 'Saving…' : 'Save consents'}
        </Button>
      </div>
    </div>
  );
}

/** The class's paper consent form, one line per parent to sign, as a PDF download. */
function PaperFormButton({ classId }: { classId: number }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadConsentForm(classId);
    } catch (err) {
      toast({
        title: 'Could not make the paper form',
        description: errorMessage(err),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" onClick={download} disabled={busy}>
      {busy ? (
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
      ) : (
        <Printer className="h-4 w-4" aria-hidden="true" />
      )}
      Print the paper form
    </Button>
  );
}
