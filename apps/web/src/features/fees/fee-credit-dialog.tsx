import { ADJUSTMENT_KINDS, type LedgerEntry, reverseEntryBody } from '@shule/shared/fee-ledger';
import {
  LEDGER_KIND_LABELS,
  SPONSOR_KIND_LABELS,
  SPONSOR_KINDS,
  type SponsorKind,
} from '@shule/shared/fees';
import type { StudentDetail } from '@shule/shared/students';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormFooter } from '../../components/ui/form-footer';
import { Input, Select, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { ApiError, errorMessage } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { useIdempotencyKey } from '../../lib/idempotency';
import { kesFromCents } from '../../lib/kes';
import { useCreateSponsor, useSponsors } from '../../lib/queries/sponsors';
import { studentName } from '../../lib/student-name';
import { zodResolver } from '../../lib/zod-resolver';
import {
  type FeeCreditForm,
  type FeeCreditValues,
  feeCreditFormSchema,
  useAddFeeCredit,
  useReverseEntry,
} from './fee-ledger';

const EMPTY: FeeCreditForm = { kind: 'waiver', amount: '', granted_by: '', sponsor: '', note: '' };

/** Who owes what after an entry: the sentence's end. */
const balanceWords = (cents: number) =>
  cents > 0
    ? `owes ${kesFromCents(cents)}`
    : cents < 0
      ? `has ${kesFromCents(-cents)} carried forward`
      : 'owes nothing';

/**
 * Add a credit to a student's fees: a waiver or a (sibling) discount naming who granted it, a
 * bursary naming the sponsor who pays it, or the government's capitation.
 */
export function FeeCreditDialog({
  student,
  open,
  onOpenChange,
}: {
  student: StudentDetail;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const add = useAddFeeCredit(student.id);
  const key = useIdempotencyKey();
  const sponsors = useSponsors({ enabled: open });
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FeeCreditForm, unknown, FeeCreditValues>({
    resolver: zodResolver(feeCreditFormSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;
  const kind = form.watch('kind');
  // A sponsor just added is chosen once its option is in the list (a select keeps no value it
  // has no option for).
  const [addedSponsor, setAddedSponsor] = useState<number | null>(null);
  useEffect(() => {
    if (addedSponsor === null || !sponsors.data?.some((s) => s.id === addedSponsor)) return;
    form.setValue('sponsor', String(addedSponsor), { shouldValidate: true });
    setAddedSponsor(null);
  }, [addedSponsor, sponsors.data, form]);

  useEffect(() => {
    if (!open) return;
    form.reset(EMPTY);
    setFailure(null);
  }, [open, form]);

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      const saved = await add.mutateAsync({ body, key: key.current() });
      key.renew();
      toast({
        title: `${LEDGER_KIND_LABELS[body.kind]} recorded`,
        description: `${kesFromCents(body.amount_cents)} off: ${studentName(student)} now ${balanceWords(saved.balance_cents)}.`,
        variant: 'success',
      });
      onOpenChange(false);
    } catch (err) {
      setFailure(applyServerErrors(err, form));
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !isSubmitting && onOpenChange(next)}
      title="Add a credit"
      description={`Takes an amount off ${studentName(student)}'s fees. Money received is recorded on the Fees page instead.`}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Kind" error={errors.kind?.message}>
            <Select {...form.register('kind')}>
              {ADJUSTMENT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {LEDGER_KIND_LABELS[k]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Amount (KES)" error={errors.amount?.message}>
            <Input inputMode="decimal" autoComplete="off" {...form.register('amount')} />
          </Field>
        </div>
        {kind === 'waiver' || kind === 'discount' ? (
          <Field
            label="Granted by"
            error={errors.granted_by?.message}
            hint="Who allowed it: a name or an office (the Principal, the Board of Management)."
          >
            <Input autoComplete="off" {...form.register('granted_by')} />
          </Field>
        ) : null}
        {kind === 'bursary' ? (
          <Field
            label="Paid by"
            error={errors.sponsor?.message}
            hint="The county, CDF, church or NGO that pays the bursary."
          >
            <Select {...form.register('sponsor')}>
              <option value="">
                {sponsors.isPending ? 'Loading sponsors…' : 'Choose a sponsor'}
              </option>
              {sponsors.data?.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
        {kind === 'bursary' ? <NewSponsor onAdded={setAddedSponsor} /> : null}
        <Field label="Note" error={errors.note?.message}>
          <Textarea placeholder="Optional: why, a letter's reference…" {...form.register('note')} />
        </Field>
        <FormFooter
          busy={isSubmitting}
          submitLabel="Add credit"
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </Dialog>
  );
}

/** Adds a sponsor not in the list yet, and chooses it. */
function NewSponsor({ onAdded }: { onAdded(id: number): void }) {
  const create = useCreateSponsor();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [kind, setKind] = useState<SponsorKind>('county_bursary');
  const [error, setError] = useState<string | null>(null);
  if (!open) {
    return (
      <Button variant="link" size="sm" onClick={() => setOpen(true)}>
        Add a sponsor not in the list
      </Button>
    );
  }
  const add = () => {
    setError(null);
    create.mutate(
      { name, kind },
      {
        onSuccess: (sponsor) => {
          onAdded(sponsor.id);
          setOpen(false);
          setName('');
        },
        onError: (err) =>
          setError(
            err instanceof ApiError ? (err.errors?.name?.[0] ?? err.message) : errorMessage(err),
          ),
      },
    );
  };
  return (
    <fieldset className="space-y-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">New sponsor</legend>
      <div className="grid gap-3 sm:grid-cols-2">
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
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={() => setOpen(false)}>
          Cancel
        </Button>
        <Button size="sm" disabled={create.isPending} onClick={add}>
          {create.isPending ? 'Adding…' : 'Add sponsor'}
        </Button>
      </div>
    </fieldset>
  );
}

type ReverseForm = z.input<typeof reverseEntryBody>;

/** Reverse an entry (a mistaken payment, a wrong charge): a new entry naming why. */
export function ReverseEntryDialog({
  entry,
  onClose,
}: {
  entry: LedgerEntry | null;
  onClose(): void;
}) {
  const reverse = useReverseEntry();
  const key = useIdempotencyKey();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ReverseForm, unknown, z.output<typeof reverseEntryBody>>({
    resolver: zodResolver(reverseEntryBody),
    defaultValues: { reason: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const open = entry !== null;

  useEffect(() => {
    if (!open) return;
    form.reset({ reason: '' });
    setFailure(null);
  }, [open, form]);

  const submit = form.handleSubmit(async (body) => {
    if (!entry) return;
    setFailure(null);
    try {
      const saved = await reverse.mutateAsync({ entryId: entry.id, body, key: key.current() });
      key.renew();
      toast({
        title: 'Entry reversed',
        description: `${entry.description}: the balance is now ${kesFromCents(saved.balance_cents)}.`,
        variant: 'success',
      });
      onClose();
    } catch (err) {
      setFailure(applyServerErrors(err, form));
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !isSubmitting && onClose()}
      title="Reverse this entry?"
      description={
        entry
          ? `${entry.description}, ${kesFromCents(Math.abs(entry.amount_cents))}. It stays on the statement, struck through, beside the reversal that names you and why.`
          : undefined
      }
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <Field label="Reason" error={errors.reason?.message}>
          <Textarea
            placeholder="e.g. Cheque bounced; entered for the wrong student"
            {...form.register('reason')}
          />
        </Field>
        <FormFooter busy={isSubmitting} submitLabel="Reverse entry" onCancel={onClose} />
      </form>
    </Dialog>
  );
}
