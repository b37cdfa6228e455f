import { formatSchoolMoment } from '@shule/shared/display-dates';
import { capitationInstalmentCents, type Sponsor } from '@shule/shared/fee-ledger';
import {
  LEDGER_KIND_LABELS,
  SPONSOR_KIND_LABELS,
  SPONSOR_KINDS,
  type SponsorKind,
} from '@shule/shared/fees';
import type { Term } from '@shule/shared/terms';
import { HandCoins, Landmark, Plus } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
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
import { ApiError, errorMessage } from '../../lib/api-client';
import { useIdempotencyKey } from '../../lib/idempotency';
import { kesFromCents } from '../../lib/kes';
import { useClasses } from '../../lib/queries/classes';
import { useCreateSponsor, useSponsors } from '../../lib/queries/sponsors';
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

function AddSponsorDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const create = useCreateSponsor();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<SponsorKind>('county_bursary');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setName('');
    setKind('county_bursary');
    setError(null);
  }, [open]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    create.mutate(
      { name, kind },
      {
        onSuccess: onClose,
        onError: (err) =>
          setError(
            err instanceof ApiError ? (err.errors?.name?.[0] ?? err.message) : errorMessage(err),
          ),
      },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !create.isPending && onClose()}
      title="Add a sponsor"
      description="Who pays for named students: a county or CDF bursary, a church, an NGO."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label="Sponsor name" error={error ?? undefined}>
          <Input value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
        </Field>
        <Field label="Sponsor kind">
          <Select value={kind} onChange={(e) => setKind(e.target.value as SponsorKind)}>
            {SPONSOR_KINDS.map((k) => (
              <option key={k} value={k}>
                {SPONSOR_KIND_LABELS[k]}
              </option>
            ))}
          </Select>
        </Field>
        <FormFooter busy={create.isPending} submitLabel="Add sponsor" onCancel={onClose} />
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
  const [termId, setTermId] = useState<number | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const [instalment, setInstalment] = useState<1 | 2 | 3>(1);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setTermId(term?.id ?? null);
    setChosen([]);
    setInstalment(1);
    setFailure(null);
    setDone(null);
  }, [open, term]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (termId === null) return setFailure('Choose a term');
    if (chosen.length === 0) return setFailure('Choose at least one class');
    record.mutate(
      { body: { term: termId, classes: chosen, instalment }, key: key.current() },
      {
        onSuccess: (result) => {
          key.renew();
          setDone(
            `${kesFromCents(result.amount_cents_each)} credited to each of ${result.students} student${result.students === 1 ? '' : 's'}: ${kesFromCents(result.total_cents)} in all.`,
          );
        },
        onError: (err) => setFailure(errorMessage(err)),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !record.isPending && onClose()}
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
          {failure ? <Alert tone="error">{failure}</Alert> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Term">
              <Select value={termId ?? ''} onChange={(e) => setTermId(Number(e.target.value))}>
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
              <Select
                value={instalment}
                onChange={(e) => setInstalment(Number(e.target.value) as 1 | 2 | 3)}
              >
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
            value={chosen}
            onChange={setChosen}
          />
          <FormFooter busy={record.isPending} submitLabel="Record capitation" onCancel={onClose} />
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
