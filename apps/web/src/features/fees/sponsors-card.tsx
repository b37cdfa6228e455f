import { formatSchoolMoment } from '@shule/shared/display-dates';
import {
  type CapitationBody,
  type CreateSponsorBody,
  capitationBody,
  capitationInstalmentCents,
  createSponsorBody,
  type Sponsor,
} from '@shule/shared/fee-ledger';
import { LEDGER_KIND_LABELS, SPONSOR_KIND_LABELS, SPONSOR_KINDS } from '@shule/shared/fees';
import type { Term } from '@shule/shared/terms';
import { HandCoins, Landmark, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { CheckboxList } from '../../components/ui/checkbox-list';
import { Dialog } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { FormFooter } from '../../components/ui/form-footer';
import { Input, Select } from '../../components/ui/input';
import { LoadError } from '../../components/ui/load-error';
import { SkeletonRows } from '../../components/ui/skeleton';
import { useSaveForm } from '../../components/use-save-form';
import { useIdempotencyKey } from '../../lib/idempotency';
import { kesFromCents } from '../../lib/kes';
import { useClasses } from '../../lib/queries/classes';
import { useCreateSponsor, useSponsors } from '../../lib/queries/sponsors';
import { zodResolver } from '../../lib/zod-resolver';
import { useRecordCapitation, useSponsorStatement } from './sponsors';
import { termLabel } from './term-choice';

const INSTALMENTS = [1, 2, 3] as const;
const SHARE = { 1: '50%', 2: '30%', 3: '20%' } as const;

/** A sponsor's statement: every credit it gave, to whom, with the total. */
function SponsorStatementDialog({
  sponsor,
  onClose,
}: {
  sponsor: Sponsor | null;
  onClose(): void;
}) {
  const statement = useSponsorStatement(sponsor?.id ?? null);
  const data = statement.data;
  return (
    <Dialog
      open={sponsor !== null}
      onOpenChange={(next) => !next && onClose()}
      title={sponsor ? `${sponsor.name}: statement` : 'Statement'}
      description={
        sponsor
          ? `${SPONSOR_KIND_LABELS[sponsor.kind]} · ${kesFromCents(sponsor.total_cents)} to ${sponsor.students} student${sponsor.students === 1 ? '' : 's'}`
          : undefined
      }
      className="max-w-2xl"
    >
      {statement.isPending ? (
        <SkeletonRows rows={3} />
      ) : statement.isError ? (
        <LoadError what="the statement" error={statement.error} onRetry={statement.refetch} />
      ) : data!.entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing given yet.</p>
      ) : (
        <ul className="divide-y rounded-md border text-sm" aria-label="Sponsor's entries">
          {data!.entries.map((e) => (
            <li key={e.id} className="flex items-start justify-between gap-3 px-3 py-2">
              <div className="min-w-0">
                <p className="font-medium">
                  {e.student.first_name} {e.student.last_name}{' '}
                  <span className="font-normal text-muted-foreground">
                    (Adm. {e.student.admission_number})
                  </span>
                </p>
                <p className="text-xs text-muted-foreground">
                  {formatSchoolMoment(e.date)} · {LEDGER_KIND_LABELS[e.kind]}
                  {e.term ? ` · ${e.term.name}` : ''}
                  {e.note ? ` · ${e.note}` : ''}
                </p>
              </div>
              <p className="shrink-0 tabular-nums">{kesFromCents(e.amount_cents)}</p>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

const newSponsor: CreateSponsorBody = { name: '', kind: 'county_bursary' };

function AddSponsorDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const create = useCreateSponsor();
  const form = useForm<CreateSponsorBody>({
    resolver: zodResolver(createSponsorBody),
    defaultValues: newSponsor,
  });
  const { errors, isSubmitting } = form.formState;
  const { submit, failure, clearFailure } = useSaveForm({
    form,
    create: (body) => create.mutateAsync(body),
    onSaved: onClose,
  });
  useEffect(() => {
    if (!open) return;
    form.reset(newSponsor);
    clearFailure();
  }, [open, form, clearFailure]);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !isSubmitting && onClose()}
      title="Add a sponsor"
      description="Who pays for named students: a county or CDF bursary, a church, an NGO."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <Field label="Sponsor name" error={errors.name?.message}>
          <Input autoComplete="off" {...form.register('name')} />
        </Field>
        <Field label="Sponsor kind" error={errors.kind?.message}>
          <Select {...form.register('kind')}>
            {SPONSOR_KINDS.map((k) => (
              <option key={k} value={k}>
                {SPONSOR_KIND_LABELS[k]}
              </option>
            ))}
          </Select>
        </Field>
        <FormFooter busy={isSubmitting} submitLabel="Add sponsor" onCancel={onClose} />
      </form>
    </Dialog>
  );
}

/**
 * Free day secondary education: the government's capitation (KES 22,244 a learner a year, in
 * instalments of 50, 30 and 20 percent) credited to every active student of the classes.
 */
function CapitationDialog({
  open,
  onClose,
  terms,
  term,
}: {
  open: boolean;
  onClose(): void;
  terms: readonly Term[];
  term: Term | undefined;
}) {
  const classes = useClasses();
  const record = useRecordCapitation();
  const key = useIdempotencyKey();
  const form = useForm<CapitationBody>({
    resolver: zodResolver(capitationBody),
    defaultValues: { term: term?.id, classes: [], instalment: 1 },
  });
  const { errors, isSubmitting } = form.formState;
  const [done, setDone] = useState<string | null>(null);
  const { submit, failure, clearFailure } = useSaveForm({
    form,
    create: (body) => record.mutateAsync({ body, key: key.current() }),
    onSaved: (result) => {
      key.renew();
      setDone(
        `${kesFromCents(result.amount_cents_each)} credited to each of ${result.students} student${result.students === 1 ? '' : 's'}: ${kesFromCents(result.total_cents)} in all.`,
      );
    },
  });

  useEffect(() => {
    if (!open) return;
    form.reset({ term: term?.id, classes: [], instalment: 1 });
    clearFailure();
    setDone(null);
  }, [open, term, form, clearFailure]);

  // What the form lacks shows above it, as the server's refusals do.
  const missing = errors.term?.message ?? errors.classes?.message ?? errors.instalment?.message;
  const chosen = form.watch('classes');

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !isSubmitting && onClose()}
      title="Record government capitation"
      description="KES 22,244 a learner a year, released in three instalments of 50%, 30% and 20%. Each active student of the classes is credited once per term and instalment."
    >
      {done ? (
        <div className="space-y-4">
          <Alert tone="success">{done}</Alert>
          <div className="flex justify-end">
            <Button onClick={onClose}>Done</Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          {(failure ?? missing) ? <Alert tone="error">{failure ?? missing}</Alert> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Term">
              <Select {...form.register('term', { valueAsNumber: true })}>
                {[...terms]
                  .sort((a, b) => b.start_date.localeCompare(a.start_date))
                  .map((t) => (
                    <option key={t.id} value={t.id}>
                      {termLabel(t)}
                    </option>
                  ))}
              </Select>
            </Field>
            <Field label="Instalment">
              <Select {...form.register('instalment', { valueAsNumber: true })}>
                {INSTALMENTS.map((i) => (
                  <option key={i} value={i}>
                    {i} ({SHARE[i]}): {kesFromCents(capitationInstalmentCents(i))} a learner
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <CheckboxList
            legend="Classes"
            options={(classes.data ?? []).map((c) => ({
              value: c.id,
              label: c.name,
              detail: `${c.totalStudents} students`,
            }))}
            value={chosen as number[]}
            onChange={(next) => form.setValue('classes', next, { shouldValidate: !!missing })}
          />
          <FormFooter busy={isSubmitting} submitLabel="Record capitation" onCancel={onClose} />
        </form>
      )}
    </Dialog>
  );
}

/** Who pays beside the parents: sponsors with their statements, and the government's capitation. */
export function SponsorsCard({ terms, term }: { terms: readonly Term[]; term: Term | undefined }) {
  const sponsors = useSponsors({ enabled: true });
  const [adding, setAdding] = useState(false);
  const [capitation, setCapitation] = useState(false);
  const [statementOf, setStatementOf] = useState<Sponsor | null>(null);
  const list = sponsors.data ?? [];

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-64 space-y-1.5">
          <CardTitle>Sponsors and capitation</CardTitle>
          <CardDescription>
            Bursaries and sponsors paying for named students (recorded on each student&apos;s page),
            and the government&apos;s capitation for day secondary schools.
          </CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setAdding(true)}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add a sponsor
          </Button>
          <Button
            variant="outline"
            disabled={terms.length === 0}
            onClick={() => setCapitation(true)}
          >
            <Landmark className="h-4 w-4" aria-hidden="true" />
            Record capitation
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {sponsors.isPending ? (
          <SkeletonRows rows={2} />
        ) : sponsors.isError ? (
          <LoadError what="the sponsors" error={sponsors.error} onRetry={sponsors.refetch} />
        ) : list.length === 0 ? (
          <EmptyState
            icon={<HandCoins className="h-10 w-10" />}
            title="No sponsors yet"
            hint="Add the county, CDF, church or NGO that pays bursaries; then record each bursary on the student's page."
          />
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Sponsors">
            {list.map((s) => (
              <li
                key={s.id}
                className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm"
                data-testid="sponsor"
              >
                <div className="min-w-0">
                  <p className="font-medium">{s.name}</p>
                  <p className="text-xs text-muted-foreground">
                    {SPONSOR_KIND_LABELS[s.kind]} · {kesFromCents(s.total_cents)} to {s.students}{' '}
                    student{s.students === 1 ? '' : 's'}
                  </p>
                </div>
                <Button size="sm" variant="outline" onClick={() => setStatementOf(s)}>
                  Statement
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <AddSponsorDialog open={adding} onClose={() => setAdding(false)} />
      <CapitationDialog
        open={capitation}
        onClose={() => setCapitation(false)}
        terms={terms}
        term={term}
      />
      <SponsorStatementDialog sponsor={statementOf} onClose={() => setStatementOf(null)} />
    </Card>
  );
}
